import { availableParallelism } from 'node:os';
import { markdownTable } from '../search/report.js';
import type { LibrarySet } from './sets.js';
import type { WorkerResult } from './worker.js';

/** One start-up measured in a fresh process. */
export interface StartupRow {
  readonly name: string;
  readonly result: WorkerResult;
}

/** Latency of one kind of request over HTTP. */
export interface HttpKind {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
}

/** The HTTP figures: `/api/health` as the baseline, and the three kinds of search. */
export interface HttpFigures {
  readonly health: HttpKind;
  readonly library: HttpKind;
  readonly pinned: HttpKind;
  readonly cross: HttpKind;
}

/** Everything the report is made of. */
export interface ReportInput {
  readonly command: string;
  readonly machine: string;
  readonly date: string;
  readonly loadAverage: string;
  readonly real: readonly LibrarySet[];
  readonly generated: number;
  readonly startups: readonly StartupRow[];
  /** The measured worker (warm start, every index, searches). */
  readonly full: WorkerResult;
  readonly http: HttpFigures | { readonly skipped: string };
  readonly rssAfterHttp?: number;
}

/** The cross-library goal: p99 of `crossSearch` in process on the machine measured. */
export const CROSS_P99_GOAL_MS = 10;

/** The Markdown block of docs/benchmarks.md. */
export function renderReport(input: ReportInput): string {
  const { full } = input;
  const search = full.search!;
  const gc = full.gc!;
  const cores = availableParallelism();
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
  const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
  const times = (value: number, baseline: number) => `${(value / baseline).toFixed(1)}×`;
  const folders = input.real.length * 3 + input.generated * 3;
  const latestSections = full.corpus.latestSections;
  const crossP99 = search.cross.p99Ms;
  const lines: string[] = [
    '## Many libraries and versions (kit docs)',
    '',
    `Command: \`${input.command}\` (folders prepared as \`bench/libraries/README.md\` says). Machine: ${input.machine}. Date: ${input.date}. Load average at the start: ${input.loadAverage} (the machine is shared: compare the ratios to the baselines measured in the same run).`,
    '',
    `One kit docs worker serving **${full.corpus.libraries} libraries × 3 versions (${folders} folders)**: ${input.real.length} real documentation sets` +
      (input.generated > 0
        ? ` and ${input.generated} generated ones (\`bench/libraries/generate.ts\`, filling up to twenty)`
        : ', none generated') +
      `; ${full.corpus.documents.toLocaleString('en-US')} documents, ${full.corpus.sections.toLocaleString('en-US')} sections, of which ${latestSections.toLocaleString('en-US')} in the latest versions (the cross-library index holds those). The catalog is assembled by \`loadCatalog\` from \`combineSources\`, with titles and aliases as a settings file gives them.`,
    '',
    '### Start-up',
    '',
    'Each start is a fresh process (`node --expose-gc`, sources through tsx). "Catalog ready" runs from calling `loadCatalog` to the catalog being returned: every folder loaded, the default library\'s latest version and the cross-library index built; the other 59 version indexes are built on first use.',
    '',
    markdownTable(
      ['start', 'catalog ready', 'loading the folders', 'assembling (2 indexes)', 'longest event-loop stall', 'process start to ready'],
      input.startups.map(({ name, result }) => [
        name,
        seconds(result.startup.catalogMs),
        seconds(result.startup.loadMs),
        seconds(result.startup.catalogMs - result.startup.loadMs),
        seconds(result.startup.longestStallMs),
        seconds(result.startup.sinceProcessStartMs),
      ]),
    ),
    '',
    'The longest stall is how long the event loop was held at once while the catalog loaded: assembling the catalog (the cross-library index over every latest version) is one synchronous step, so during a reload, when the previous catalog keeps serving from the same thread, a request arriving then waits that long.',
    '',
    'The snapshot loader (`loadContentWithSnapshot`) keeps every snapshot the process has used, and five more, so the next start with one cache folder (as `serve` runs) should read all 60 as the row with a cache folder per version does; the gap that remains is the hashing of every file, which a snapshot does not save.',
    '',
    '### Memory of one worker',
    '',
    markdownTable(
      ['point', 'heap used', 'RSS'],
      [
        ['catalog ready (2 indexes built)', mib(full.memory.afterLoad.heapUsedMiB), mib(full.memory.afterLoad.rssMiB)],
        ['catalog ready, after a full GC', mib(full.memory.afterLoadGc.heapUsedMiB), mib(full.memory.afterLoadGc.rssMiB)],
        [
          `every version indexed (${full.corpus.versions} indexes), after a full GC`,
          mib(full.memory.afterIndexesGc!.heapUsedMiB),
          mib(full.memory.afterIndexesGc!.rssMiB),
        ],
        ...(input.rssAfterHttp !== undefined ? [['after the HTTP run', '', mib(input.rssAfterHttp)]] : []),
      ],
    ),
    '',
    `The cross-library index alone: ${mib(full.crossIndex!.heapMiB)} of heap, built in ${seconds(full.crossIndex!.buildMs)} (part of every start and reload). Building the ${full.indexBuilds!.count} lazy version indexes took ${seconds(full.indexesMs!)} in all, a median of ${full.indexBuilds!.medianMs} ms each; the slowest, ${full.indexBuilds!.slowest.label} (${full.indexBuilds!.slowest.sections.toLocaleString('en-US')} sections), took ${seconds(full.indexBuilds!.slowest.ms)}, which the first request to that version waits.`,
    '',
    '### Search in process',
    '',
    `Queries sampled from the documentation itself: headings (lower-cased, generic ones left out) and identifiers found in code blocks, 30 per library from its latest version (one library) and from its oldest (pinned version); across libraries, those same queries plus ${search.cross.queries - search.library.queries} that name a library (\`hono cors middleware\`, and each library's id with one of its headings). Limit 10. The baseline is the kit corpus alone (\`createDocsSearch\` over the embedded docs, its ${search.kit.queries} judged queries of \`bench/search\`), measured in the same process and passes, the kinds interleaved query by query after one unmeasured pass.`,
    '',
    markdownTable(
      ['search', 'queries', 'samples', 'p50', 'p99', 'p50 vs kit', 'p99 vs kit', 'p99 outside GC', "p50 / p99 of each query's best"],
      (
        [
          ['kit corpus alone (baseline)', search.kit],
          ['one library, latest version', search.library],
          ['one library, pinned older version', search.pinned],
          ['across all libraries (`crossSearch`)', search.cross],
        ] as const
      ).map(([name, figures]) => [
        name,
        String(figures.queries),
        String(figures.samples),
        `${ms(figures.p50Ms)} ms`,
        `${ms(figures.p99Ms)} ms`,
        times(figures.p50Ms, search.kit.p50Ms),
        times(figures.p99Ms, search.kit.p99Ms),
        `${ms(figures.p99WithoutGcMs)} ms (${figures.samplesDuringGc} left out)`,
        `${ms(figures.bestP50Ms)} / ${ms(figures.bestP99Ms)} ms`,
      ]),
    ),
    '',
    `While these ran (${seconds(gc.measureMs)}), the worker's heap of about ${mib(full.memory.afterIndexesGc!.heapUsedMiB)} was collected ${gc.pauses} times (${gc.major} full collections), ${seconds(gc.totalMs)} in all, the longest pause ${gc.longestMs} ms; "p99 outside GC" leaves out the samples a collection overlapped. One-minute load average ${gc.loadAverage[0]} before and ${gc.loadAverage[1]} after, on ${cores} cores: the raw p99 of every kind, the kit baseline's included, is mostly the moments another process had the core. The last column takes each query's fastest of its ${Math.round(search.cross.samples / search.cross.queries)} or more runs, then the percentiles over the queries: the spread of the search's own cost over the query set. The slowest query across libraries by that measure: \`${search.cross.slowest.q}\` (${ms(search.cross.slowest.ms)} ms).`,
    '',
    `Goal: cross-library search under ${CROSS_P99_GOAL_MS} ms p99 in process — raw p99 ${ms(crossP99)} ms (**${crossP99 < CROSS_P99_GOAL_MS ? 'holds' : 'not met'}** as measured), ${ms(search.cross.p99WithoutGcMs)} ms outside collections, ${ms(search.cross.bestP99Ms)} ms over the queries' own cost (**${search.cross.bestP99Ms < CROSS_P99_GOAL_MS ? 'holds' : 'not met'}**).`,
    '',
    '### Search over HTTP',
    '',
  ];
  if ('skipped' in input.http) {
    lines.push(`Not measured in this run: ${input.http.skipped}.`);
  } else {
    const http = input.http;
    lines.push(
      'Loopback, one keep-alive connection, one request at a time, without the response cache (`serve` caches repeated searches; every request here searches). The same queries as in process, as `GET /api/search?q=…&library=ID`, `&library=ID&version=OLDEST` and `&library=*`; `GET /api/health` is the baseline, measured in the same run and interleaved request by request.',
      '',
      markdownTable(
        ['request', 'samples', 'p50', 'p99', 'p50 vs health', 'p99 vs health', 'errors'],
        (
          [
            ['`/api/health` (baseline)', http.health],
            ['one library, latest version', http.library],
            ['one library, pinned older version', http.pinned],
            ['across all libraries (`library=*`)', http.cross],
          ] as const
        ).map(([name, figures]) => [
          name,
          String(figures.samples),
          `${ms(figures.p50Ms)} ms`,
          `${ms(figures.p99Ms)} ms`,
          times(figures.p50Ms, http.health.p50Ms),
          times(figures.p99Ms, http.health.p99Ms),
          String(figures.errors),
        ]),
      ),
    );
  }
  const relevance = full.relevance!;
  const attribution = full.attribution!;
  lines.push(
    '',
    '### Queries that name a library',
    '',
    "Does a query naming a library get that library first across all of them? The first ten are written for the check; the rest are each library's id with one of its headings.",
    '',
    markdownTable(
      ['query', 'expected', 'named (as `namedLibraries` reads it)', 'first result', 'expected in top 5'],
      relevance.map((row) => [
        `\`${row.q.replace(/\|/g, '\\|')}\``,
        row.expected,
        row.named.length > 0 ? row.named.join(', ') : '(none)',
        `${row.first === row.expected ? '' : '**'}${row.first}${row.first === row.expected ? '' : '**'}`,
        `${row.expectedInTop5}/5`,
      ]),
    ),
    '',
    `First result in the named library: ${relevance.filter((row) => row.first === row.expected).length} of ${relevance.length}.${unnamed(relevance)} Without a name, a sampled query's first cross-library result came from the library it was sampled from for ${attribution.firstInSource} of ${attribution.queries} queries (${Math.round((attribution.firstInSource / attribution.queries) * 100)}%): headings such as "configuration" exist in many libraries, so naming the library is what makes the answer certain.`,
    '',
    '### The folders',
    '',
    markdownTable(
      ['library', 'repository', 'generator', 'folder', 'versions (label ← ref)'],
      input.real.map((set) => [
        set.id,
        `[${set.repository}](https://github.com/${set.repository})`,
        set.generator,
        [...new Set(set.versions.map((version) => `\`${version.path}\``))].join(', '),
        set.versions
          .map((version) => `${version.version} ← \`${version.ref.length === 40 ? version.ref.slice(0, 10) : version.ref}\``)
          .join(', '),
      ]),
    ),
    '',
    ...(input.generated > 0 ? [`Plus ${input.generated} generated libraries of 40 pages × 8 sections per version.`, ''] : []),
    '### What one machine holds, and past it',
    '',
    capacityParagraph(input),
  );
  return lines.join('\n');
}

function capacityParagraph(input: ReportInput): string {
  const { full } = input;
  const indexed = full.memory.afterIndexesGc!;
  const started = full.memory.afterLoadGc;
  const perFolder = indexed.heapUsedMiB / full.corpus.versions;
  const warm = input.startups.at(-1)!.result.startup.catalogMs;
  const cold = input.startups[0]!.result.startup.catalogMs;
  return [
    `One worker holding these ${full.corpus.versions} versions needs about ${mib(started.rssMiB)} of RSS once started and ${mib(indexed.rssMiB)} once every version has been searched (${mib(indexed.heapUsedMiB)} of heap, about ${perFolder.toFixed(0)} MiB per indexed version of this size); \`kit-docs serve --workers N\` forks N such workers, each with its own copy, so memory grows with the workers, not with the traffic.`,
    `It starts in ${(cold / 1000).toFixed(0)} s cold and ${(warm / 1000).toFixed(0)} s with every snapshot kept; a reload rebuilds the same, while the previous catalog keeps serving.`,
    `Search stays fast at this scale (across all libraries in process: p50 ${input.full.search!.cross.p50Ms.toFixed(2)} ms, p99 of the queries' own cost ${input.full.search!.cross.bestP99Ms.toFixed(1)} ms), so a machine runs out of memory for more versions, or of cores for more traffic, before search gets slow.`,
    'Past one machine, a team runs several replicas behind a load balancer. They share nothing but the documentation folders (the same read-only volume, or the same git repositories named in the settings file, each replica unpacking its own copy); each loads and indexes on its own and keeps its own snapshots.',
    'Rate limits then count per replica unless every replica points at the same Redis with `--redis-url`, which keeps the counters in one place; nothing else needs to be shared.',
  ].join(' ');
}

/** Why a query written for a library with a two-word name missed it, when that is why. */
function unnamed(relevance: NonNullable<WorkerResult['relevance']>): string {
  const missed = relevance.filter((row) => row.expected.includes('-') && !row.named.includes(row.expected) && row.first !== row.expected);
  if (missed.length === 0) return '';
  const list = missed.map((row) => `\`${row.q}\` named ${row.named.length > 0 ? row.named.join(', ') : 'none'}`).join('; ');
  return ` The misses (${list}): names are matched one word at a time, so a library whose id has a hyphen or whose title has two words is named only when the query writes the id whole.`;
}

function mib(value: number): string {
  return `${Math.round(value)} MiB`;
}
