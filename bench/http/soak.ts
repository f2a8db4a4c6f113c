/**
 * `npm run bench:soak`: the mixed workload at a fixed rate for a long time (10 minutes by default)
 * against one process, reporting errors, p99 per minute and resident memory at start and end.
 * `SOAK_MINUTES` and `SOAK_RATE` change the length and the rate. Writes the figures into the HTTP
 * block of docs/benchmarks.md.
 */
import { fileURLToPath } from 'node:url';
import { runLoad } from './load.js';
import { residentMiB, startService } from './processes.js';
import { describeMachine, saveResults, writeReport, type SoakResults } from './report.js';
import { buildWorkload } from './workload.js';

/** Options of a soak run. */
export interface SoakOptions {
  readonly seconds: number;
  /** Requests per second, in total. */
  readonly rate: number;
  readonly connections: number;
  /** Length of one measured window (a row of the report). */
  readonly windowSeconds: number;
  /** Run the service from its TypeScript sources instead of the build. */
  readonly fromSource?: boolean;
  readonly onWindow?: (line: string) => void;
}

export async function runSoak(options: SoakOptions): Promise<SoakResults> {
  const service = await startService([], {}, options.fromSource ?? false);
  try {
    const workload = await buildWorkload(service.base);
    // Warm up, so the start figure is the steady state, not the process before its caches fill.
    await runLoad({ base: service.base, paths: workload.mixed, connections: options.connections, seconds: 5, rate: options.rate });
    const rssStartMiB = residentMiB(service.child.pid!);
    const windows: SoakResults['windows'][number][] = [];
    let requests = 0;
    let errors = 0;
    const count = Math.max(1, Math.round(options.seconds / options.windowSeconds));
    for (let index = 0; index < count; index++) {
      const result = await runLoad({
        base: service.base,
        paths: workload.mixed,
        connections: options.connections,
        seconds: options.windowSeconds,
        rate: options.rate,
      });
      requests += result.total;
      errors += result.errors;
      const window = {
        minute: Math.round(((index + 1) * options.windowSeconds) / 6) / 10,
        p50Ms: result.p50Ms,
        p99Ms: result.p99Ms,
        requestsPerSecond: result.requestsPerSecond,
        rssMiB: residentMiB(service.child.pid!),
      };
      windows.push(window);
      options.onWindow?.(
        `window ${index + 1}/${count}: ${window.requestsPerSecond} req/s, p50 ${window.p50Ms} ms, p99 ${window.p99Ms} ms, RSS ${window.rssMiB} MiB, errors ${result.errors}`,
      );
    }
    const rssEndMiB = residentMiB(service.child.pid!);
    return {
      date: new Date().toISOString().slice(0, 10),
      machine: describeMachine(),
      minutes: Math.round((options.seconds / 60) * 10) / 10,
      rate: options.rate,
      connections: options.connections,
      requests,
      errors,
      windows,
      rssStartMiB,
      rssEndMiB,
      growthPercent: Math.round(((rssEndMiB - rssStartMiB) / rssStartMiB) * 1000) / 10,
    };
  } finally {
    await service.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  const results = await runSoak({
    seconds: minutes * 60,
    rate: Number(process.env.SOAK_RATE ?? 500),
    connections: 20,
    windowSeconds: 60,
    onWindow: (line) => process.stdout.write(`${line}\n`),
  });
  await saveResults('soak', results);
  await writeReport();
  process.stdout.write(`${JSON.stringify({ ...results, windows: undefined }, null, 2)}\n`);
  if (results.errors > 0 || results.growthPercent >= 10) process.exitCode = 1;
}
