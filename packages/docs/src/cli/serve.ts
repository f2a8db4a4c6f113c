import cluster from 'node:cluster';
import { defineRateLimit, type RateLimitDefinition } from '@kit/kit-core';
import { catalogLoader, type LibraryOptions } from '../server/catalog-loader.js';
import { reportLibraryWarnings, reportWarnings } from './warnings.js';
import { runPrimary } from '../server/cluster.js';
import { defaultLimits } from '../server/limits.js';
import { createLogger, type LogLevel } from '../server/logger.js';
import { startDocsServer } from '../server/start-server.js';

/** Options of `kit-docs serve`. */
export interface ServeOptions {
  readonly contentDirectory: string;
  /** Libraries beside the content folder: `--content name[@version]=DIR` values and a settings file. */
  readonly libraries?: LibraryOptions;
  readonly port: number;
  readonly host: string;
  readonly publicBaseUrl?: string;
  /** Worker processes; 1 serves from this process without a cluster. */
  readonly workers?: number;
  /** Reload when the content changes. */
  readonly watch?: boolean;
  /** Extra host names `/mcp` answers to. */
  readonly allowedHosts?: readonly string[];
  /** `<requests>/<window>`, such as `300/1m`; none by default. */
  readonly rateLimit?: string;
  /** Redis url for rate-limit counters shared by replicas. */
  readonly redisUrl?: string;
  readonly trustProxy?: boolean;
  readonly logLevel?: LogLevel;
  /** Log a line per request (`ACCESS_LOG=on`), or by default only per failed request. */
  readonly accessLog?: boolean;
  /** A kit-ops SQLite file to record reloads, the content's health and failed requests in; off by default. */
  readonly opsDb?: string;
}

/**
 * Serves the content until SIGINT or SIGTERM. With more than one worker this process becomes the
 * cluster primary and each worker runs this same function. A worker (or a lone process) stops
 * accepting on the signal, lets open requests finish within the grace period and resolves 0;
 * SIGHUP reloads the content.
 */
export async function runServe(options: ServeOptions, log: (line: string) => void): Promise<number> {
  const rateLimit = options.rateLimit ? parseRateLimit(options.rateLimit) : undefined;
  const workers = options.workers ?? 1;
  if (workers > 1 && cluster.isPrimary) {
    // Validate before forking: invalid content must stop start-up with its file:line errors (the
    // ContentError reaches the CLI), not make workers die and be restarted forever.
    const { catalog } = await catalogLoader(options.contentDirectory, options.libraries)();
    reportWarnings(catalog.defaultLibrary.latest.state.content, options.contentDirectory, log);
    reportLibraryWarnings(catalog, log);
    log(`kit docs: starting ${workers} workers`);
    return runPrimary({ workers, shutdownGraceMs: defaultLimits.shutdownGraceMs, log });
  }
  const logger = createLogger(options.logLevel ? { level: options.logLevel } : {});
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection; still serving'));
  const server = await startDocsServer({
    contentDirectory: options.contentDirectory,
    ...(options.libraries ? { libraries: options.libraries } : {}),
    port: options.port,
    host: options.host,
    logger,
    ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    ...(options.trustProxy ? { trustProxy: true } : {}),
    ...(options.watch ? { watch: true } : {}),
    ...(options.accessLog ? { accessLog: true } : {}),
    ...(options.opsDb ? { opsDb: options.opsDb } : {}),
  });
  const { content } = server.service.store.current;
  const { catalog } = server.service.store;
  // In a cluster the primary has reported them already, once.
  if (!cluster.isWorker) {
    reportWarnings(content, options.contentDirectory, log);
    reportLibraryWarnings(catalog, log);
  }
  log(
    `kit docs: serving ${content.documents.length} documents, ${content.sections.length} sections and ${content.examples.length} examples at http://${formatHost(options.host)}:${server.port}/`,
  );
  if (catalog.libraries.length > 1 || catalog.defaultLibrary.versions.length > 1)
    log(
      `kit docs: ${catalog.libraries.length} libraries: ${catalog.libraries.map((library) => `${library.id} (${library.versions.map((version) => version.version).join(', ')})`).join(', ')}`,
    );
  logger.info(
    {
      port: server.port,
      host: options.host,
      version: server.service.store.version,
      rateLimit: options.rateLimit ?? 'off',
      watch: Boolean(options.watch),
    },
    'serving',
  );
  process.on('uncaughtException', (error) => {
    // State may be corrupt after an exception nothing caught: stop gracefully and let the
    // supervisor (the cluster primary, the orchestrator) start a fresh process.
    logger.fatal({ err: error }, 'uncaught exception; shutting down');
    void server.close().finally(() => process.exit(1));
  });
  const reload = () => void server.reloader.reload('SIGHUP');
  process.on('SIGHUP', reload);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      log(`kit docs: ${signal} received, finishing open requests`);
      logger.info({ signal }, 'shutting down');
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.off('SIGHUP', reload);
      void server.close().finally(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  // A worker's channel to the primary would keep it alive; closing it lets the process end.
  if (cluster.isWorker) cluster.worker?.disconnect();
  return 0;
}

/** `300/1m` as a rate limit for every caller. */
export function parseRateLimit(text: string): RateLimitDefinition {
  const match = /^(\d+)\/(\w+)$/.exec(text.trim());
  if (!match) throw new TypeError(`kit-docs serve: rate limit ${JSON.stringify(text)} is not <requests>/<window>; write it like 300/1m`);
  return defineRateLimit({ default: { requests: Number(match[1]), window: match[2]! } });
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
