/**
 * One measured process of `bench/libraries/run.ts`, started with `--expose-gc`: loads the catalog the
 * plan file lists, and reports start-up time and memory; with `--full` also builds every index,
 * measures in-process search and relevance, and with `--serve` then serves the catalog over HTTP on
 * loopback until its standard input closes. It reports on standard output, one JSON line each,
 * prefixed with `@@bench ` (anything else printed there is ignored).
 *
 *   node --expose-gc --conditions kit-source --import tsx bench/libraries/worker.ts PLAN.json --loader=snapshot --full --serve
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { embeddedContentDirectory, loadContent, type Content } from '../../packages/docs/src/content/index.js';
import type { Catalog, Library } from '../../packages/docs/src/library/catalog.js';
import { createCrossSearch } from '../../packages/docs/src/library/cross-search.js';
import { loadCatalog } from '../../packages/docs/src/library/load-catalog.js';
import { combineSources, type LibrarySource } from '../../packages/docs/src/library/sources.js';
import { createDocsSearch } from '../../packages/docs/src/search/index.js';
import { loadContentWithSnapshot } from '../../packages/docs/src/server/content-snapshot.js';
import { percentile } from '../ops/percentile.js';
import { QUERIES as KIT_QUERIES } from '../search/queries.js';
import { namedQueries, sampleQueries } from './queries.js';

/** The libraries to load, as `run.ts` writes them. */
export interface WorkerPlan {
  readonly defaultLibrary: string;
  readonly gitCacheDirectory: string;
  readonly libraries: readonly {
    readonly id: string;
    readonly title: string;
    readonly aliases?: readonly string[];
    readonly versions: readonly { readonly version: string; readonly directory: string }[];
  }[];
}

/** Memory of the process at one point, in MiB. */
export interface MemoryPoint {
  readonly heapUsedMiB: number;
  readonly rssMiB: number;
}

/** One kind of search, measured. */
export interface SearchFigures {
  readonly queries: number;
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly meanMs: number;
  /** p99 of the samples during which no garbage collection ran. */
  readonly p99WithoutGcMs: number;
  /** Samples during which a garbage collection ran (of any kind). */
  readonly samplesDuringGc: number;
  /** p50 and p99 over the queries of each one's fastest run (its cost without the machine's noise). */
  readonly bestP50Ms: number;
  readonly bestP99Ms: number;
  /** The query whose fastest run was the slowest. */
  readonly slowest: { readonly q: string; readonly ms: number };
}

/** Garbage collection while search was measured, and the machine's load then. */
export interface GcFigures {
  readonly measureMs: number;
  readonly pauses: number;
  /** Of which full (mark-sweep-compact) collections. */
  readonly major: number;
  readonly totalMs: number;
  readonly longestMs: number;
  /** One-minute load average before and after. */
  readonly loadAverage: readonly [number, number];
}

/** What a worker reports once it has loaded (and, with `--full`, measured). */
export interface WorkerResult {
  readonly loader: 'plain' | 'snapshot';
  readonly startup: {
    /** From calling `loadCatalog` to the catalog being ready (every folder loaded, cross index built). */
    readonly catalogMs: number;
    /** Of which loading the folders (the loader's own time, summed). */
    readonly loadMs: number;
    /** Process start (Node's time origin) to the catalog being ready, module loading through tsx included. */
    readonly sinceProcessStartMs: number;
    /** The longest the event loop was held at once during `loadCatalog`. */
    readonly longestStallMs: number;
  };
  readonly corpus: {
    readonly libraries: number;
    readonly versions: number;
    readonly documents: number;
    readonly sections: number;
    readonly latestSections: number;
  };
  readonly memory: { readonly afterLoad: MemoryPoint; readonly afterLoadGc: MemoryPoint; readonly afterIndexesGc?: MemoryPoint };
  /** Building every lazy index (the default library's latest and the cross index are built at start). */
  readonly indexesMs?: number;
  /** The lazy builds that did work: how many, the median, and the slowest (what a first request to it waits). */
  readonly indexBuilds?: {
    readonly count: number;
    readonly medianMs: number;
    readonly slowest: { readonly label: string; readonly ms: number; readonly sections: number };
  };
  /** The cross-library index over every latest version: its build time and heap. */
  readonly crossIndex?: { readonly buildMs: number; readonly heapMiB: number };
  readonly search?: Record<'kit' | 'library' | 'pinned' | 'cross', SearchFigures>;
  readonly gc?: GcFigures;
  readonly relevance?: readonly {
    readonly q: string;
    readonly expected: string;
    readonly named: readonly string[];
    readonly first: string;
    readonly firstHeading: string;
    readonly expectedInTop5: number;
  }[];
  /** Share of sampled queries (no library named) whose first cross-library hit is in the library they were sampled from. */
  readonly attribution?: { readonly queries: number; readonly firstInSource: number };
  readonly http?: { readonly library: readonly string[]; readonly pinned: readonly string[]; readonly cross: readonly string[] };
}

const args = process.argv.slice(2);
const planFile = args.find((argument) => !argument.startsWith('--'));
if (!planFile) throw new Error('usage: worker.ts PLAN.json [--loader=plain|snapshot] [--full] [--serve]');
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as WorkerPlan;
const loaderName = args.includes('--loader=plain') ? 'plain' : 'snapshot';
/** `--cache-per-folder=DIR`: each folder's snapshot in a folder of its own under DIR (see README.md). */
const cachePerFolder = args.find((argument) => argument.startsWith('--cache-per-folder='))?.slice('--cache-per-folder='.length);
const full = args.includes('--full');
const serve = args.includes('--serve');
const rounds = Number(process.env.LIBRARIES_ROUNDS ?? 3);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run the worker with node --expose-gc');

const report = (value: unknown) => process.stdout.write(`@@bench ${JSON.stringify(value)}\n`);
const memory = (): MemoryPoint => {
  const usage = process.memoryUsage();
  return { heapUsedMiB: mib(usage.heapUsed), rssMiB: mib(usage.rss) };
};
const collect = () => {
  gc();
  gc();
};

// Start-up: every folder loaded and the catalog assembled, as the server does before it listens.
const sources: LibrarySource[] = plan.libraries.map((library) => ({
  id: library.id,
  title: library.title,
  ...(library.aliases ? { aliases: library.aliases } : {}),
  versions: library.versions.map((version) => ({ version: version.version, directory: version.directory })),
}));
const defaultEntry = plan.libraries.find((library) => library.id === plan.defaultLibrary)!;
const source = combineSources({
  defaultDirectory: defaultEntry.versions.at(-1)!.directory,
  defaultId: plan.defaultLibrary,
  defaultVersion: defaultEntry.versions.at(-1)!.version,
  flags: [],
  settings: { libraries: sources, default: plan.defaultLibrary },
});
const loadFolder = loaderName === 'plain' ? loadContent : loadContentWithSnapshot;
let loadMs = 0;
let folders = 0;
const timedLoad = async (directory: string): Promise<Content> => {
  const started = performance.now();
  // The snapshot loader reads KIT_DOCS_CACHE_DIR at each call, and loadCatalog loads one folder at a time.
  if (cachePerFolder) process.env.KIT_DOCS_CACHE_DIR = join(cachePerFolder, String(folders++));
  try {
    return await loadFolder(directory);
  } finally {
    loadMs += performance.now() - started;
  }
};
// How long the event loop is held at a time while the catalog loads: what a request arriving during
// a reload waits, since the previous catalog serves from the same thread.
const stalls = monitorEventLoopDelay({ resolution: 10 });
stalls.enable();
const started = performance.now();
const catalog = await loadCatalog(source, timedLoad, { gitCacheDirectory: plan.gitCacheDirectory });
const catalogMs = performance.now() - started;
const sinceProcessStartMs = performance.now();
// The histogram records a stall when its timer next runs: let it run once after the last one.
await new Promise((resolve) => setTimeout(resolve, 50));
stalls.disable();
const afterLoad = memory();
collect();
const afterLoadGc = memory();

const allVersions = catalog.libraries.flatMap((library) => library.versions);
const corpus = {
  libraries: catalog.libraries.length,
  versions: allVersions.length,
  documents: sum(allVersions.map((version) => version.state.content.documents.length)),
  sections: sum(allVersions.map((version) => version.state.content.sections.length)),
  latestSections: sum(catalog.libraries.map((library) => library.latest.state.content.sections.length)),
};
const base = {
  loader: loaderName,
  startup: {
    catalogMs: round(catalogMs),
    loadMs: round(loadMs),
    sinceProcessStartMs: round(sinceProcessStartMs),
    longestStallMs: round(stalls.max / 1e6),
  },
  corpus,
} as const;

if (!full) {
  report({ ...base, memory: { afterLoad, afterLoadGc } } satisfies WorkerResult);
} else {
  // What the cross-library index alone costs: a second one built beside the catalog's.
  const beforeCross = process.memoryUsage().heapUsed;
  const crossStarted = performance.now();
  const extraCross = createCrossSearch(catalog.libraries);
  const crossIndex = { buildMs: round(performance.now() - crossStarted), heapMiB: 0 };
  collect();
  crossIndex.heapMiB = mib(process.memoryUsage().heapUsed - beforeCross);
  void extraCross.namedLibraries('');

  // Every lazy index built, as after a while of traffic to every version; each one's time is what
  // the first request to that version waits.
  const builds: { label: string; ms: number; sections: number }[] = [];
  for (const version of allVersions) {
    const begin = performance.now();
    void version.state.search;
    builds.push({
      label: `${version.library}@${version.version}`,
      ms: performance.now() - begin,
      sections: version.state.content.sections.length,
    });
  }
  const indexesMs = sum(builds.map((build) => build.ms));
  const slowest = builds.reduce((worst, build) => (build.ms > worst.ms ? build : worst));
  const indexBuilds = {
    count: builds.filter((build) => build.ms > 1).length,
    medianMs: round(
      percentile(
        builds.filter((build) => build.ms > 1).map((build) => build.ms),
        0.5,
      ),
    ),
    slowest: { label: slowest.label, ms: round(slowest.ms), sections: slowest.sections },
  };
  collect();
  const afterIndexesGc = memory();

  // The ratio baseline: the single-library kit corpus, searched in the same process and passes.
  const kitContent = await loadContent(embeddedContentDirectory);
  const measured = await measureSearch(catalog, kitContent);
  const relevance = checkRelevance(catalog);
  report({
    ...base,
    memory: { afterLoad, afterLoadGc, afterIndexesGc },
    indexesMs: round(indexesMs),
    indexBuilds,
    crossIndex,
    search: measured.figures,
    gc: measured.gc,
    relevance: relevance.named,
    attribution: relevance.attribution,
    http: measured.http,
  } satisfies WorkerResult);
  if (serve) await serveOverHttp(catalog);
}

/** A query and how to run it. */
interface Job {
  readonly q: string;
  readonly run: () => unknown;
}

interface Workload {
  readonly kit: readonly Job[];
  readonly library: readonly Job[];
  readonly pinned: readonly Job[];
  readonly cross: readonly Job[];
}

async function measureSearch(
  catalog: Catalog,
  kitContent: Content,
): Promise<{ figures: Record<keyof Workload, SearchFigures>; http: WorkerResult['http']; gc: GcFigures }> {
  const limit = 10;
  const perLibrary = 30;
  const kitSearch = createDocsSearch(kitContent);
  const libraryQueries = catalog.libraries.flatMap((library) =>
    sampleQueries(library.latest.state.content.sections, perLibrary).map((q) => ({ library, version: library.latest, q })),
  );
  const pinnedQueries = catalog.libraries.flatMap((library) => {
    const oldest = library.versions.at(-1)!;
    return sampleQueries(oldest.state.content.sections, perLibrary).map((q) => ({ library, version: oldest, q }));
  });
  const named = namedQueries(catalogForSampling(catalog)).map((entry) => entry.q);
  const crossQueries = [...libraryQueries.map((entry) => entry.q), ...named];
  const workload: Workload = {
    kit: KIT_QUERIES.map((query) => ({
      q: query.q,
      run: () => kitSearch.search(query.q, { limit, ...(query.topic ? { topic: query.topic } : {}) }),
    })),
    library: libraryQueries.map(({ library, version, q }) => ({
      q: `${library.id}: ${q}`,
      run: () => version.state.search.search(q, { limit }),
    })),
    pinned: pinnedQueries.map(({ library, version, q }) => ({
      q: `${library.id}@${version.version}: ${q}`,
      run: () => version.state.search.search(q, { limit }),
    })),
    cross: crossQueries.map((q) => ({ q, run: () => catalog.crossSearch.search(q, { limit }) })),
  };
  const kinds = Object.keys(workload) as (keyof Workload)[];
  // One pass unmeasured, so that lazy work and the JIT are behind us.
  for (const kind of kinds) for (const job of workload[kind]) job.run();
  const samples: Record<keyof Workload, number[]> = { kit: [], library: [], pinned: [], cross: [] };
  const starts: Record<keyof Workload, number[]> = { kit: [], library: [], pinned: [], cross: [] };
  // Each query's fastest run: its own cost, without the moments the machine was busy elsewhere.
  const best: Record<keyof Workload, number[]> = { kit: [], library: [], pinned: [], cross: [] };
  // Garbage collections during the measurement, to tell the pauses of a large heap from search time.
  const pauses: { start: number; end: number; major: boolean }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration, major: kind === constants.NODE_PERFORMANCE_GC_MAJOR });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const measureStarted = performance.now();
  const loadBefore = loadavg()[0]!;
  const longest = Math.max(...kinds.map((kind) => workload[kind].length));
  // Interleaved query by query, in a rotating order, so that a noisy moment on a shared machine
  // falls on every kind alike.
  for (let pass = 0; pass < rounds; pass++) {
    for (let position = 0; position < longest; position++) {
      for (let turn = 0; turn < kinds.length; turn++) {
        const kind = kinds[(position + turn + pass) % kinds.length]!;
        const list = workload[kind];
        const index = position % list.length;
        const begin = performance.now();
        list[index]!.run();
        const duration = performance.now() - begin;
        samples[kind].push(duration);
        starts[kind].push(begin);
        best[kind][index] = Math.min(best[kind][index] ?? Number.POSITIVE_INFINITY, duration);
      }
    }
  }
  const measureMs = performance.now() - measureStarted;
  // The observer's entries arrive after the synchronous loop, on a later turn.
  await new Promise((resolve) => setTimeout(resolve, 200));
  observer.disconnect();
  const overlapsPause = (begin: number, duration: number) => pauses.some((pause) => pause.start < begin + duration && pause.end > begin);
  const withoutPauses = (kind: keyof Workload) => samples[kind].filter((duration, index) => !overlapsPause(starts[kind][index]!, duration));
  const gc: GcFigures = {
    measureMs: round(measureMs),
    pauses: pauses.length,
    major: pauses.filter((pause) => pause.major).length,
    totalMs: round(sum(pauses.map((pause) => pause.end - pause.start))),
    longestMs: round(Math.max(0, ...pauses.map((pause) => pause.end - pause.start)), 1),
    loadAverage: [round(loadBefore, 2), round(loadavg()[0]!, 2)],
  };
  const figures = Object.fromEntries(
    kinds.map((kind) => [
      kind,
      {
        queries: workload[kind].length,
        samples: samples[kind].length,
        p50Ms: round(percentile(samples[kind], 0.5), 3),
        p99Ms: round(percentile(samples[kind], 0.99), 3),
        meanMs: round(sum(samples[kind]) / samples[kind].length, 3),
        p99WithoutGcMs: round(percentile(withoutPauses(kind), 0.99), 3),
        bestP50Ms: round(percentile(best[kind], 0.5), 3),
        bestP99Ms: round(percentile(best[kind], 0.99), 3),
        slowest: slowestOf(workload[kind], best[kind]),
        samplesDuringGc: samples[kind].length - withoutPauses(kind).length,
      },
    ]),
  ) as Record<keyof Workload, SearchFigures>;
  const query = (q: string) => `q=${encodeURIComponent(q)}&limit=${limit}`;
  return {
    figures,
    gc,
    http: {
      library: libraryQueries.map(({ library, q }) => `/api/search?${query(q)}&library=${encodeURIComponent(library.id)}`),
      pinned: pinnedQueries.map(
        ({ library, version, q }) =>
          `/api/search?${query(q)}&library=${encodeURIComponent(library.id)}&version=${encodeURIComponent(version.version)}`,
      ),
      cross: crossQueries.map((q) => `/api/search?${query(q)}&library=*`),
    },
  };
}

function slowestOf(jobs: readonly Job[], best: readonly number[]): { q: string; ms: number } {
  let worst = 0;
  for (let index = 1; index < best.length; index++) if (best[index]! > best[worst]!) worst = index;
  return { q: jobs[worst]!.q, ms: round(best[worst] ?? Number.NaN, 2) };
}

function checkRelevance(catalog: Catalog): {
  named: NonNullable<WorkerResult['relevance']>;
  attribution: NonNullable<WorkerResult['attribution']>;
} {
  const named = namedQueries(catalogForSampling(catalog)).map(({ q, library }) => {
    const results = catalog.crossSearch.search(q, { limit: 10 });
    return {
      q,
      expected: library,
      named: catalog.crossSearch.namedLibraries(q).map((entry) => entry.id),
      first: results[0]?.library.id ?? '(none)',
      firstHeading: results[0] ? `${results[0].section.documentTitle} › ${results[0].section.heading}` : '',
      expectedInTop5: results.slice(0, 5).filter((result) => result.library.id === library).length,
    };
  });
  let queries = 0;
  let firstInSource = 0;
  for (const library of catalog.libraries) {
    for (const q of sampleQueries(library.latest.state.content.sections, 30)) {
      if (catalog.crossSearch.namedLibraries(q).length > 0) continue;
      queries++;
      if (catalog.crossSearch.search(q, { limit: 1 })[0]?.library.id === library.id) firstInSource++;
    }
  }
  return { named, attribution: { queries, firstInSource } };
}

function catalogForSampling(catalog: Catalog) {
  return catalog.libraries.map((library: Library) => ({
    id: library.id,
    title: library.title,
    sections: library.latest.state.content.sections,
  }));
}

/**
 * Serves the catalog as `createDocsService` does once it accepts one, without the response cache
 * (every request searches), and says whether `library=` requests are answered: until the service
 * takes a catalog, `http.wired` is false with the reason and the parent skips the HTTP figures.
 */
async function serveOverHttp(catalog: Catalog): Promise<void> {
  const { createDocsService } = await import('../../packages/docs/src/service/create-docs-service.js');
  let listening: { port: number; close(): Promise<void> } | undefined;
  let wired: { ok: boolean; reason?: string };
  try {
    const service = (createDocsService as (value: unknown) => ReturnType<typeof createDocsService>)(catalog);
    listening = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const probe = await fetch(`http://127.0.0.1:${listening.port}/api/search?q=middleware&library=*&limit=3`);
    const body = (await probe.json()) as { results?: readonly { library?: string }[] };
    const pinned = await fetch(
      `http://127.0.0.1:${listening.port}/api/search?q=middleware&library=${catalog.libraries[0]!.id}&version=${encodeURIComponent(catalog.libraries[0]!.versions.at(-1)!.version)}`,
    );
    wired =
      probe.status === 200 && pinned.status === 200 && (body.results?.length ?? 0) > 0
        ? { ok: true }
        : { ok: false, reason: `GET /api/search?library=* answered ${probe.status}, with version= ${pinned.status}` };
  } catch (error) {
    wired = { ok: false, reason: `createDocsService(catalog) failed: ${(error as Error).message.split('\n')[0]}` };
  }
  report({ listening: listening?.port ?? null, wired });
  // The parent closes standard input when it is done.
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await listening?.close();
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function mib(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
