import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { table, writeHttpBlock } from './block.js';

const resultsDirectory = fileURLToPath(new URL('./results/', import.meta.url));
const benchmarksFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/** One endpoint's figures: medians over the interleaved rounds. */
export interface EndpointFigures {
  readonly name: string;
  readonly target: string;
  readonly requestsPerSecond: number;
  readonly bareRequestsPerSecond: number;
  readonly ratio: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly goal?: number;
}

/** What `npm run bench:http` measured. */
export interface HttpResults {
  readonly date: string;
  readonly machine: string;
  readonly loadAverage: string;
  readonly connections: number;
  readonly seconds: number;
  readonly rounds: number;
  readonly pageNote: string;
  readonly endpoints: readonly EndpointFigures[];
  readonly coldStartMs: { readonly median: number; readonly runs: readonly number[] };
  readonly memoryMiB: { readonly afterStart: number; readonly afterLoad: number; readonly bare: number };
}

/** What `npm run bench:soak` measured. */
export interface SoakResults {
  readonly date: string;
  readonly machine: string;
  readonly minutes: number;
  readonly rate: number;
  readonly connections: number;
  readonly requests: number;
  readonly errors: number;
  readonly windows: readonly {
    readonly minute: number;
    readonly p50Ms: number;
    readonly p99Ms: number;
    readonly requestsPerSecond: number;
    readonly rssMiB: number;
  }[];
  readonly rssStartMiB: number;
  readonly rssEndMiB: number;
  readonly growthPercent: number;
}

export function describeMachine(): string {
  const processors = cpus();
  return `${processors[0]?.model.trim() ?? 'unknown CPU'}, ${processors.length} cores, Node ${process.version}`;
}

export async function saveResults(name: 'http' | 'soak', results: HttpResults | SoakResults): Promise<void> {
  await mkdir(resultsDirectory, { recursive: true });
  await writeFile(`${resultsDirectory}${name}.json`, `${JSON.stringify(results, null, 2)}\n`);
}

async function loadResults<T>(name: 'http' | 'soak'): Promise<T | undefined> {
  return readFile(`${resultsDirectory}${name}.json`, 'utf8').then(
    (text) => JSON.parse(text) as T,
    () => undefined,
  );
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);

/** The HTTP block of docs/benchmarks.md, from the latest saved results of both commands. */
export async function renderBlock(): Promise<string> {
  const http = await loadResults<HttpResults>('http');
  const soak = await loadResults<SoakResults>('soak');
  const parts = ['## HTTP service under load'];
  if (http) {
    parts.push(
      `Command: \`npm run bench:http\`. Machine: ${http.machine}; load average at start ${http.loadAverage} (the machine is shared, so absolute figures move from run to run; the ratios are to a bare \`node:http\` server measured in the same run, interleaved with the service, round by round). Date: ${http.date}.`,
      `Method: autocannon, ${http.connections} connections, ${http.rounds} rounds of ${http.seconds} s per endpoint, each round measuring the bare server's \`/api/health\` (a fixed JSON body) right before or after the service; medians over rounds. The service runs as \`npm start\` runs it, built, in one process (\`--workers 1\`), with its default configuration: failed requests logged, rate limits off (the last row runs a second process with \`ACCESS_LOG=on\`, which logs a line per request, to show what that costs). Each endpoint was warmed up for 2 s first, so repeated requests are answered from the response cache, as in steady state; the \"cache misses\" row shows the cost of computing a search (every query with every limit, more distinct requests than the cache holds). ${http.pageNote} The page view sends \`Accept-Encoding: gzip, deflate, br\` as browsers do, and gets the brotli copy; the API rows ask for no compression.`,
      table(
        ['endpoint', 'requests', 'req/s', 'bare req/s', 'ratio to bare', 'goal', 'p50 ms', 'p99 ms', 'errors'],
        http.endpoints.map((row) => [
          row.name,
          `\`${row.target}\``,
          row.requestsPerSecond,
          row.bareRequestsPerSecond,
          `**${fixed(row.ratio)}**`,
          row.goal ? `≥ ${row.goal}` : '-',
          row.p50Ms,
          row.p99Ms,
          row.errors,
        ]),
      ),
      `Cold start (spawn of \`kit-docs serve\` to the first 200 from \`/api/health\`, median of ${http.coldStartMs.runs.length}): **${http.coldStartMs.median} ms** (runs: ${http.coldStartMs.runs.join(', ')} ms; goal < 500 ms).`,
      `Resident memory of the service: ${http.memoryMiB.afterStart} MiB after start, ${http.memoryMiB.afterLoad} MiB after the load above (bare server: ${http.memoryMiB.bare} MiB).`,
    );
  } else {
    parts.push('Run `npm run bench:http` to fill this section.');
  }
  parts.push('### Soak');
  if (soak) {
    parts.push(
      `Command: \`npm run bench:soak\` (a 30-second version runs in the test suite: \`packages/docs/test/ops/soak.test.ts\`). Machine: ${soak.machine}. Date: ${soak.date}.`,
      `The mixed workload (health, documents, rotating searches, pages) at a fixed ${soak.rate} requests per second over ${soak.connections} connections for ${soak.minutes} minutes against one process: ${soak.requests} requests, **${soak.errors} errors**. Resident memory ${soak.rssStartMiB} MiB at the start (after a warm-up) and ${soak.rssEndMiB} MiB at the end: **${soak.growthPercent >= 0 ? '+' : ''}${fixed(soak.growthPercent, 1)} %** (goal: under 10 %).`,
      table(
        ['minute', 'req/s', 'p50 ms', 'p99 ms', 'RSS MiB'],
        soak.windows.map((window) => [window.minute, window.requestsPerSecond, window.p50Ms, window.p99Ms, window.rssMiB]),
      ),
    );
  } else {
    parts.push('Run `npm run bench:soak` to fill this section.');
  }
  return parts.join('\n\n');
}

export async function writeReport(): Promise<void> {
  await writeHttpBlock(benchmarksFile, await renderBlock());
}
