import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from './cluster-metrics.js';

/** Options of the primary process. */
export interface PrimaryOptions {
  readonly workers: number;
  /** How long workers get to finish on shutdown before they are killed. */
  readonly shutdownGraceMs: number;
  readonly log: (line: string) => void;
}

/**
 * Runs the primary of a cluster: forks the workers (each a full server; the primary shares the
 * listening socket between them), forks a replacement when one dies, forwards SIGHUP (reload), and
 * on SIGTERM or SIGINT asks every worker to shut down gracefully, waits for them and resolves 0.
 * A worker that keeps dying right after start is restarted with a growing delay (up to 10 s), so a
 * broken deployment does not spin the CPU.
 */
export function runPrimary(options: PrimaryOptions): Promise<number> {
  const { log } = options;
  let stopping = false;
  let recentDeaths: number[] = [];

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      recentDeaths = [...recentDeaths.filter((time) => now - time < 30_000), now];
      const delay = recentDeaths.length <= 3 ? 0 : Math.min(10_000, 250 * 2 ** (recentDeaths.length - 3));
      log(
        `kit docs: worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting a replacement${delay ? ` in ${delay} ms` : ''}`,
      );
      setTimeout(() => {
        if (!stopping) fork();
      }, delay).unref();
    });
    return worker;
  };
  serveClusterMetrics();
  for (let index = 0; index < options.workers; index++) fork();

  return new Promise<number>((resolve) => {
    const reload = () => {
      log('kit docs: SIGHUP received, reloading the content in every worker');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
    };
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      process.off('SIGHUP', reload);
      log(`kit docs: ${signal} received, stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      const kill = setTimeout(() => {
        for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, options.shutdownGraceMs + 2_000);
      kill.unref();
      let left = workers.length;
      const done = () => {
        if (--left <= 0) {
          clearTimeout(kill);
          resolve(0);
        }
      };
      if (left === 0) resolve(0);
      for (const worker of workers) {
        if (worker.isDead()) done();
        else {
          worker.once('exit', done);
          worker.process.kill('SIGTERM');
        }
      }
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.on('SIGHUP', reload);
  });
}
