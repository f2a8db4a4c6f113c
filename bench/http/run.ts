/**
 * `npm run bench:http`: throughput and latency of kit docs against a bare node:http server, in one
 * interleaved run; cold start and resident memory. Prints the figures and writes them into the HTTP
 * block of docs/benchmarks.md. `--no-build` skips `npm run build` (the service runs from dist).
 */
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { median, runLoad, type LoadResult } from './load.js';
import { repositoryRoot, residentMiB, startBare, startService } from './processes.js';
import { describeMachine, renderBlock, saveResults, writeReport, type EndpointFigures } from './report.js';
import { buildWorkload } from './workload.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COLD_STARTS = 5;

const loadAverage = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
if (!process.argv.includes('--no-build')) {
  process.stdout.write('building the service (npm run build)…\n');
  execSync('npm run build', { cwd: repositoryRoot, stdio: 'ignore' });
}

const bare = await startBare();
const service = await startService();
const logged = await startService([], { ACCESS_LOG: 'on' });
try {
  const memoryAfterStart = residentMiB(service.child.pid!);
  const workload = await buildWorkload(service.base);
  // A browser always offers compression, so the page view does too; the API rows do not.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const scenarios: { name: string; paths: readonly string[]; goal?: number; headers?: Record<string, string>; base?: string }[] = [
    { name: 'health', paths: workload.health, goal: 0.75 },
    { name: 'document', paths: workload.docs },
    { name: 'search', paths: workload.search, goal: 0.5 },
    { name: 'search, cache misses', paths: workload.searchUncached },
    { name: 'page view', paths: workload.page, headers: browser },
    { name: 'health, ACCESS_LOG=on', paths: workload.health, base: logged.base },
  ];
  for (const scenario of scenarios)
    await runLoad({
      base: scenario.base ?? service.base,
      paths: scenario.paths,
      connections: CONNECTIONS,
      seconds: 2,
      ...(scenario.headers ? { headers: scenario.headers } : {}),
    });
  await runLoad({ base: bare.base, paths: ['/api/health'], connections: CONNECTIONS, seconds: 2 });

  const runs = new Map<string, { service: LoadResult; bare: LoadResult }[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) {
      const measureBare = () => runLoad({ base: bare.base, paths: ['/api/health'], connections: CONNECTIONS, seconds: SECONDS });
      const measureService = () =>
        runLoad({
          base: scenario.base ?? service.base,
          paths: scenario.paths,
          connections: CONNECTIONS,
          seconds: SECONDS,
          ...(scenario.headers ? { headers: scenario.headers } : {}),
        });
      // Alternate which goes first, so a drift in the machine's load does not favour either side.
      let pair: { bare: LoadResult; service: LoadResult };
      if (round % 2 === 0) {
        const bareResult = await measureBare();
        pair = { bare: bareResult, service: await measureService() };
      } else {
        const serviceResult = await measureService();
        pair = { service: serviceResult, bare: await measureBare() };
      }
      runs.set(scenario.name, [...(runs.get(scenario.name) ?? []), pair]);
      process.stdout.write(
        `round ${round + 1} ${scenario.name}: ${pair.service.requestsPerSecond} req/s (bare ${pair.bare.requestsPerSecond}), p99 ${pair.service.p99Ms} ms, errors ${pair.service.errors}\n`,
      );
    }
  }
  const memoryAfterLoad = residentMiB(service.child.pid!);
  const bareMemory = residentMiB(bare.child.pid!);
  const endpoints: EndpointFigures[] = scenarios.map((scenario) => {
    const pairs = runs.get(scenario.name)!;
    const target = scenario.paths.length === 1 ? scenario.paths[0]! : `${scenario.paths[0]!} (${scenario.paths.length} rotating)`;
    return {
      name: scenario.name,
      target,
      requestsPerSecond: median(pairs.map((pair) => pair.service.requestsPerSecond)),
      bareRequestsPerSecond: median(pairs.map((pair) => pair.bare.requestsPerSecond)),
      ratio: median(pairs.map((pair) => pair.service.requestsPerSecond / pair.bare.requestsPerSecond)),
      p50Ms: median(pairs.map((pair) => pair.service.p50Ms)),
      p99Ms: median(pairs.map((pair) => pair.service.p99Ms)),
      errors: pairs.reduce((sum, pair) => sum + pair.service.errors, 0),
      ...(scenario.goal ? { goal: scenario.goal } : {}),
    };
  });
  await service.stop();
  await logged.stop();

  const coldStarts: number[] = [];
  for (let run = 0; run < COLD_STARTS; run++) {
    const fresh = await startService();
    coldStarts.push(fresh.coldStartMs);
    await fresh.stop();
  }

  await saveResults('http', {
    date: new Date().toISOString().slice(0, 10),
    machine: describeMachine(),
    loadAverage,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    pageNote: workload.pageNote,
    endpoints,
    coldStartMs: { median: median(coldStarts), runs: coldStarts },
    memoryMiB: { afterStart: memoryAfterStart, afterLoad: memoryAfterLoad, bare: bareMemory },
  });
  await writeReport();
  process.stdout.write(`\n${await renderBlock()}\n`);
} finally {
  await service.stop();
  await logged.stop();
  await bare.stop();
}
