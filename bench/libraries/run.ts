/**
 * `npm run bench:libraries`: kit docs serving 20 libraries × 3 versions (60 folders) in one worker —
 * start-up (cold, and with the content snapshots), memory, search latency in process and over HTTP
 * on loopback, and whether a query naming a library gets that library first. Prints Markdown tables
 * and writes them into the libraries block of docs/benchmarks.md (`--no-write` only prints).
 *
 * The folders are extracted beforehand by `prepare.ts` (see README.md); libraries whose folders are
 * missing are replaced by generated ones (`generate.ts`), and the report says how many.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { percentile } from '../ops/percentile.js';
import { residentMiB } from '../http/processes.js';
import { writeBenchBlock } from '../report-block.js';
import { describeMachine } from '../search/report.js';
import { generateLibraries } from './generate.js';
import { renderReport, type HttpFigures, type StartupRow } from './report.js';
import { LIBRARY_SETS, librariesRoot, versionFolder, type LibrarySet } from './sets.js';
import type { WorkerPlan, WorkerResult } from './worker.js';

const LIBRARIES = 20;
const argv = process.argv.slice(2);
const write = !argv.includes('--no-write');
const withHttp = !argv.includes('--no-http');
const keep = argv.includes('--keep');
/** `--only-measured`: skip the four start-up processes (for a quick look at search; the report then has one start-up row). */
const onlyMeasured = argv.includes('--only-measured');
const httpRounds = Number(process.env.LIBRARIES_HTTP_ROUNDS ?? 2);
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const workerScript = fileURLToPath(new URL('./worker.ts', import.meta.url));
const benchmarksFile = join(repositoryRoot, 'docs', 'benchmarks.md');

const loadAverage = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');

// The folders: the real ones prepare.ts extracted, then generated ones up to twenty libraries.
const root = librariesRoot();
const real: LibrarySet[] = [];
for (const set of LIBRARY_SETS) {
  const absent = set.versions.map((version) => versionFolder(root, set, version)).filter((folder) => !isDirectory(folder));
  if (absent.length === 0) real.push(set);
  else
    process.stderr.write(
      `${set.id}: ${absent.length} version folder(s) missing (${absent[0]}); run bench/libraries/prepare.ts (README.md)\n`,
    );
}
const work = await mkdtemp(join(tmpdir(), 'kit-libraries-bench-'));
const generated = generateLibraries(join(work, 'generated'), {
  libraries: Math.max(0, LIBRARIES - real.length),
  pages: 40,
  sectionsPerPage: 8,
});
const plan: WorkerPlan = {
  defaultLibrary: real[0]?.id ?? generated[0]!.id,
  gitCacheDirectory: join(work, 'git'),
  libraries: [
    ...real.map((set) => ({
      id: set.id,
      title: set.title,
      ...(set.aliases ? { aliases: set.aliases } : {}),
      versions: set.versions.map((version) => ({ version: version.version, directory: versionFolder(root, set, version) })),
    })),
    ...generated.map((library) => ({ id: library.id, title: library.title, versions: library.versions })),
  ],
};
const planFile = join(work, 'plan.json');
await writeFile(planFile, JSON.stringify(plan));
process.stdout.write(
  `${real.length} real libraries, ${generated.length} generated; ${plan.libraries.length * 3} folders; work folder ${work}\n`,
);

try {
  // Start-up, each in a fresh process: without snapshots, then with them as the server uses them.
  const shared = join(work, 'snapshots');
  const perFolder = join(work, 'snapshots-per-folder');
  const startups: StartupRow[] = [];
  const startup = async (name: string, flags: readonly string[], env: Record<string, string> = {}) => {
    const worker = await startWorker(flags, env);
    const result = worker.result;
    await worker.stop();
    startups.push({ name, result });
    process.stdout.write(`${name}: catalog ready in ${result.startup.catalogMs} ms (folders ${result.startup.loadMs} ms)\n`);
    return result;
  };
  if (!onlyMeasured) {
    await startup('cold: `loadContent`, no snapshot', ['--loader=plain']);
    await startup('snapshot loader, first start (writes the snapshots)', ['--loader=snapshot'], { KIT_DOCS_CACHE_DIR: shared });
    await startup('snapshot loader, next start, one cache folder (as `serve` runs)', ['--loader=snapshot'], { KIT_DOCS_CACHE_DIR: shared });
    await startup('snapshot loader, first start, a cache folder per version', ['--loader=snapshot', `--cache-per-folder=${perFolder}`]);
  }

  // The measured worker: warm start, every index, search in process, then HTTP.
  const worker = await startWorker(['--loader=snapshot', `--cache-per-folder=${perFolder}`, '--full', ...(withHttp ? ['--serve'] : [])]);
  const full = worker.result;
  startups.push({ name: `snapshot loader, ${onlyMeasured ? 'first' : 'next'} start, a cache folder per version`, result: full });
  process.stdout.write(`measured worker ready: catalog in ${full.startup.catalogMs} ms; searches measured\n`);
  let http: HttpFigures | { readonly skipped: string } = { skipped: 'not run (--no-http)' };
  let rssAfterHttp: number | undefined;
  if (withHttp) {
    const listening = (await worker.next()) as { listening: number | null; wired: { ok: boolean; reason?: string } };
    if (listening.listening !== null && listening.wired.ok) {
      http = await measureHttp(listening.listening, full.http!);
      rssAfterHttp = residentMiB(worker.child.pid!);
    } else {
      http = {
        skipped: `the service does not serve a catalog yet (${listening.wired.reason ?? 'no answer'}); the in-process figures stand, rerun once \`createDocsService\` takes one`,
      };
    }
  }
  await worker.stop();

  const body = renderReport({
    command: 'npm run bench:libraries',
    machine: describeMachine(),
    date: new Date().toISOString().slice(0, 10),
    loadAverage,
    real,
    generated: generated.length,
    startups,
    full,
    http,
    ...(rssAfterHttp !== undefined ? { rssAfterHttp } : {}),
  });
  process.stdout.write(`\n${body}\n`);
  if (write) {
    await writeBenchBlock(benchmarksFile, 'libraries', body);
    process.stdout.write(`\nwritten to ${benchmarksFile}\n`);
  }
} finally {
  if (!keep) await rm(work, { recursive: true, force: true });
}

interface StartedWorker {
  readonly child: ChildProcess;
  readonly result: WorkerResult;
  next(): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts a worker process and waits for its first report. */
async function startWorker(flags: readonly string[], env: Record<string, string> = {}): Promise<StartedWorker> {
  const child = spawn(process.execPath, ['--expose-gc', '--conditions=kit-source', '--import', 'tsx', workerScript, planFile, ...flags], {
    cwd: repositoryRoot,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-4000)));
  const reports: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('@@bench ')) return;
    const value = JSON.parse(line.slice('@@bench '.length)) as unknown;
    const taker = waiting.shift();
    if (taker) taker(value);
    else reports.push(value);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const next = () =>
    reports.length > 0
      ? Promise.resolve(reports.shift())
      : Promise.race([
          new Promise<unknown>((resolve) => waiting.push(resolve)),
          exited.then((code) => {
            throw new Error(`the worker exited (${code}) before reporting:\n${errors}`);
          }),
        ]);
  const result = (await next()) as WorkerResult;
  return {
    child,
    result,
    next,
    stop: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}

/**
 * Search over HTTP on loopback: one keep-alive connection, requests one at a time, the kinds
 * interleaved request by request with `/api/health` as the baseline measured alongside.
 */
async function measureHttp(port: number, paths: NonNullable<WorkerResult['http']>): Promise<HttpFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const lists = { health: ['/api/health'], library: paths.library, pinned: paths.pinned, cross: paths.cross };
  const kinds = Object.keys(lists) as (keyof typeof lists)[];
  const samples: Record<keyof typeof lists, number[]> = { health: [], library: [], pinned: [], cross: [] };
  const errors: Record<keyof typeof lists, number> = { health: 0, library: 0, pinned: 0, cross: 0 };
  const longest = Math.max(...kinds.map((kind) => lists[kind].length));
  // A first pass unmeasured: connections, JIT and any lazy index behind us.
  for (const kind of kinds) for (const path of lists[kind]) await get(agent, port, path);
  for (let pass = 0; pass < httpRounds; pass++) {
    for (let position = 0; position < longest; position++) {
      for (let turn = 0; turn < kinds.length; turn++) {
        const kind = kinds[(position + turn + pass) % kinds.length]!;
        const list = lists[kind];
        const answer = await get(agent, port, list[position % list.length]!);
        samples[kind].push(answer.ms);
        if (answer.status !== 200) errors[kind]++;
      }
    }
  }
  agent.destroy();
  const figures = (kind: keyof typeof lists) => ({
    samples: samples[kind].length,
    p50Ms: percentile(samples[kind], 0.5),
    p99Ms: percentile(samples[kind], 0.99),
    errors: errors[kind],
  });
  return { health: figures('health'), library: figures('library'), pinned: figures('pinned'), cross: figures('cross') };
}

function get(agent: Agent, port: number, path: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const begin = performance.now();
    const outgoing = request({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - begin }));
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
