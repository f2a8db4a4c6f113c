/**
 * `npm run bench:frameworks`: the same validated JSON route (`GET /api/hello?name=Ada`, the name 1 to 60
 * characters, nothing else in the query) served by bare node:http, Hono, Fastify and kit, each in its
 * own process, loaded in turn by autocannon in interleaved rounds. Prints requests per second and the
 * ratio to bare node:http measured in the same round, and the server's CPU time per request (from
 * /proc, so the time a server waits for a core on a shared machine is not counted), and writes the
 * medians into the `frameworks` block of docs/benchmarks.md (`--no-write` leaves the document alone).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { writeBenchBlock } from '../report-block.js';
import { median, runLoad, type LoadResult } from '../http/load.js';
import { repositoryRoot, residentMiB, startScript, type ServerProcess } from '../http/processes.js';
import { describeMachine } from '../http/report.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PATH = '/api/hello?name=Ada';

/** User plus system CPU time of a process so far, in milliseconds (Linux counts in 10 ms ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const server = (file: string) => fileURLToPath(new URL(`./servers/${file}`, import.meta.url));
const loadAverage = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');

// `BENCH_ONLY=hono,kit` measures some of the servers (a quick comparison while working on one); the
// document is then left alone, since its table shows all four.
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim().toLowerCase());
const candidates: [string, string][] = [
  ['bare node:http', 'bare.ts'],
  ['Fastify 5', 'fastify.ts'],
  ['Hono 4 + zod', 'hono.ts'],
  ['kit', 'kit.ts'],
];
const servers: ServerProcess[] = [];
try {
  for (const [name, file] of candidates) {
    if (!only || only.includes(file.replace('.ts', ''))) servers.push(await startScript(name, server(file)));
  }
  for (const each of servers) {
    const answer = await fetch(`${each.base}${PATH}`);
    const body = await answer.text();
    if (answer.status !== 200 || body !== '{"message":"Hello, Ada"}') throw new Error(`${each.name} answered ${answer.status} ${body}`);
    const refused = await fetch(`${each.base}/api/hello?name=Ada&admin=1`);
    if (refused.status !== 400) throw new Error(`${each.name} let an unknown query parameter through (${refused.status})`);
  }
  // Warm-up: every server's code paths are compiled before anything is measured.
  for (const each of servers) await runLoad({ base: each.base, paths: [PATH], connections: CONNECTIONS, seconds: 2 });

  const results = new Map<string, LoadResult[]>(servers.map((each) => [each.name, []]));
  const cpuPerRequest = new Map<string, number[]>(servers.map((each) => [each.name, []]));
  const ratios = new Map<string, number[]>(servers.map((each) => [each.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another server, so a drift in the machine's load favours none of them.
    const order = servers.map((_, index) => servers[(index + round) % servers.length]!);
    const figures = new Map<string, LoadResult>();
    for (const each of order) {
      const before = cpuMs(each.child.pid!);
      const result = await runLoad({ base: each.base, paths: [PATH], connections: CONNECTIONS, seconds: SECONDS });
      cpuPerRequest.get(each.name)!.push(((cpuMs(each.child.pid!) - before) * 1000) / result.total);
      figures.set(each.name, result);
    }
    const bare = figures.get(servers[0]!.name)!.requestsPerSecond; // the first server measured is the baseline
    const line: string[] = [];
    for (const each of servers) {
      const result = figures.get(each.name)!;
      results.get(each.name)!.push(result);
      ratios.get(each.name)!.push(result.requestsPerSecond / bare);
      line.push(
        `${each.name} ${result.requestsPerSecond}/s ${cpuPerRequest.get(each.name)!.at(-1)!.toFixed(0)} µs${result.errors ? ` (${result.errors} errors)` : ''}`,
      );
    }
    process.stdout.write(`round ${round + 1}: ${line.join(', ')}\n`);
  }

  const rows = servers.map((each) => {
    const runs = results.get(each.name)!;
    const ratioRuns = ratios.get(each.name)!;
    return {
      name: each.name,
      requestsPerSecond: Math.round(median(runs.map((run) => run.requestsPerSecond))),
      ratio: median(ratioRuns),
      lowest: Math.min(...ratioRuns),
      highest: Math.max(...ratioRuns),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      cpuMicroseconds: median(cpuPerRequest.get(each.name)!),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      memoryMiB: residentMiB(each.child.pid!),
    };
  });
  const kit = rows.find((row) => row.name === 'kit');
  const hono = rows.find((row) => row.name.startsWith('Hono'));
  const table = [
    '| server | requests/s (median) | ratio to bare node:http (median, lowest–highest) | server CPU µs per request (median) | p99 ms | errors | resident MiB after |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond.toLocaleString('en-US')} | ${row.ratio.toFixed(2)} (${row.lowest.toFixed(2)}–${row.highest.toFixed(2)}) | ${row.cpuMicroseconds.toFixed(0)} | ${row.p99Ms} | ${row.errors} | ${row.memoryMiB} |`,
    ),
  ].join('\n');
  const verdict = !(kit && hono)
    ? ''
    : `kit serves ${(kit.ratio / hono.ratio).toFixed(2)}× the requests per second Hono serves in the same rounds, and spends ` +
      `${(kit.cpuMicroseconds / hono.cpuMicroseconds).toFixed(2)}× Hono's server CPU time per request (medians).`;
  process.stdout.write(`\n${table}\n\n${verdict}\n`);
  if (!process.argv.includes('--no-write') && !only) {
    const body = [
      '## kit beside other frameworks',
      '',
      `Command: \`npm run bench:frameworks\`. Machine: ${describeMachine()}; load average at start ${loadAverage}. Date: ${new Date().toISOString().slice(0, 10)}.`,
      '',
      `Method: the same route, \`GET ${PATH}\` answering \`{"message":"Hello, Ada"}\`, the name checked to be 1 to 60`,
      'characters with nothing else allowed in the query (an unknown parameter is a 400 everywhere), served by four',
      'processes: bare `node:http` with the check written by hand, Fastify 5 with a JSON-schema querystring, Hono 4 on',
      '`@hono/node-server` with `@hono/zod-validator`, and kit (`createKitApp`, `defineAPI` with the zod schema,',
      '`app.listen()`, every default on: request ids, ETag, cross-site checks, body limits). autocannon, ' +
        `${CONNECTIONS} connections, ${SECONDS} s per server per round, ${ROUNDS} rounds, each round starting with another server; the`,
      'ratio is to bare `node:http` in the same round. Server CPU time per request is read from /proc around each load: on',
      'this shared two-core machine, where autocannon competes with the server for the cores, it moves much less from round',
      'to round than requests per second. Sources: `bench/frameworks/servers/`.',
      '',
      table,
      '',
      verdict,
    ].join('\n');
    await writeBenchBlock(`${repositoryRoot}docs/benchmarks.md`, 'frameworks', body);
  }
} finally {
  await Promise.all(servers.map((each) => each.stop()));
}
