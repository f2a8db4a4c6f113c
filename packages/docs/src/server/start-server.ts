import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RedisStore, type RateLimitDefinition, type RateLimitStore } from '@kit/kit-core';
import { guardHttpServer } from '@kit/kit-core/http';
import type { Logger } from 'pino';
import { catalogLoader, type LibraryOptions } from './catalog-loader.js';
import { createDocsService, type DocsService } from '../service/create-docs-service.js';
import { allowedHostNames } from './host-guard.js';
import { defaultLimits, type ServerLimits } from './limits.js';
import { createLogger } from './logger.js';
import { clusterMetricsReader } from './cluster-metrics.js';
import { createMetrics } from './metrics.js';
import { createContentReloader, watchContent, type ContentReloader, type ContentWatcher } from './reload.js';
import { openDocsOps, type DocsOpsRecorder } from './ops-recorder.js';
import { createRequestListener } from './request-listener.js';
import { createHealthCheck } from './health-check.js';
import { methodLabel } from './route-label.js';

/** Options of a serving process. */
export interface DocsServerOptions {
  readonly contentDirectory: string;
  /** More libraries, or more versions, beside the content folder. */
  readonly libraries?: LibraryOptions;
  readonly port: number;
  readonly host: string;
  readonly publicBaseUrl?: string;
  /** Extra host names `/mcp` and `/a2a` answer to. */
  readonly allowedHosts?: readonly string[];
  /** Rate limits; none by default. */
  readonly rateLimit?: RateLimitDefinition;
  /** Redis url for rate-limit counters shared by replicas; default: in memory. */
  readonly redisUrl?: string;
  /** Count requests against the first `X-Forwarded-For` address: only behind a proxy that sets it. */
  readonly trustProxy?: boolean;
  /** Reload when the content directory changes. */
  readonly watch?: boolean;
  readonly logger?: Logger;
  readonly limits?: Partial<ServerLimits>;
  /** Log every request, or (the default) only those answered 4xx or 5xx. */
  readonly accessLog?: boolean;
  /**
   * A kit-ops SQLite file to record the service's operations in: reloads, the content's health and
   * requests answered 5xx, with incidents (`content-reload-failing`, `route-5xx`). Off by default.
   */
  readonly opsDb?: string;
}

/** A serving process's server. */
export interface DocsServer {
  readonly port: number;
  readonly service: DocsService;
  readonly server: Server;
  readonly logger: Logger;
  readonly reloader: ContentReloader;
  /** The operations recorder, when `opsDb` is set. */
  readonly ops?: DocsOpsRecorder;
  /** Stops accepting, lets requests in flight finish (up to the grace period), then closes the rest. */
  close(): Promise<void>;
}

/**
 * Paths whose answers depend only on the url and the content, so the framework's response cache keeps
 * them per content version and gives them to every caller: the service has no authentication and no
 * per-caller answers. The API routes could say `cache: 'shared'` themselves, but the pages and
 * documents added with `app.get` cannot, so one list says it for all.
 */
function isCacheable(path: string): boolean {
  return (
    path === '/api/docs' ||
    path === '/api/search' ||
    path === '/api/examples' ||
    path === '/api/libraries' ||
    path === '/libraries' ||
    // A version's search page answers any query, as /search does, so it is left out too.
    (path.startsWith('/libraries/') && !path.endsWith('/search')) ||
    path === '/openapi.json' ||
    path === '/llms.txt' ||
    path === '/llms-full.txt' ||
    path === '/' ||
    path.startsWith('/docs')
  );
}

/**
 * Loads the content, assembles the service and serves it with the process-level protections: limits
 * and timeouts, response cache and compression, CORS, the `/mcp` and `/a2a` host guard, rate limits when
 * configured, JSON logs, Prometheus metrics at `/metrics`, and reload on demand or on change.
 */
export async function startDocsServer(options: DocsServerOptions): Promise<DocsServer> {
  const logger = options.logger ?? createLogger();
  const limits: ServerLimits = { ...defaultLimits, ...options.limits };
  const load = catalogLoader(options.contentDirectory, options.libraries);
  const loaded = await load();
  const content = loaded.catalog.defaultLibrary.latest.state.content;
  // The store is made by the service, which the cache is configured for: the version is read through this reference.
  let storeRef: { version: number } = { version: 0 };
  const rateLimitStore: RateLimitStore | undefined =
    options.rateLimit && options.redisUrl ? new RedisStore({ url: options.redisUrl }) : undefined;
  const service = createDocsService(loaded.catalog, {
    ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    kit: {
      responseCache: { version: () => storeRef.version, cacheable: isCacheable },
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(rateLimitStore ? { rateLimitStore } : {}),
      ...(options.trustProxy ? { clientKey: ({ request, remoteAddress }) => forwardedFor(request) ?? remoteAddress ?? 'unknown' } : {}),
      onRateLimitError: (error) => logger.warn({ err: error }, 'rate-limit store failed; request let through'),
      onError: (error, ctx) => logger.error({ err: error, requestId: ctx.requestId }, 'request failed with an unexpected error'),
      bodyTimeoutMs: limits.bodyTimeoutMs,
    },
  });
  storeRef = service.store;
  const metrics = createMetrics(service.store, () => service.app.responseCacheStats());
  const readMetrics = cluster.isWorker ? clusterMetricsReader(metrics.registry) : () => metrics.registry.metrics();
  service.app.get(
    '/metrics',
    async () =>
      new Response(await readMetrics(), { headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' } }),
  );
  const ops = options.opsDb ? openDocsOps(options.opsDb, logger) : undefined;
  ops?.started({ version: service.store.version, documents: content.documents.length });
  let watcher: ContentWatcher | undefined;
  const reloader = createContentReloader(service.store, load, logger, ops, (next) => watcher?.update(next.watched));
  watcher = options.watch ? watchContent(loaded.watched, reloader, logger) : undefined;

  let closing = false;
  const listener = createRequestListener({
    app: service.app,
    logger,
    metrics,
    limits,
    mcpHosts: allowedHostNames({
      bindHost: options.host,
      ...(options.allowedHosts ? { configured: options.allowedHosts } : {}),
      ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    }),
    isClosing: () => closing,
    // Rate limits are enforced inside the app, so with limits on every request goes through it.
    ...(options.rateLimit ? {} : { healthCheck: createHealthCheck(service.store) }),
    accessLog: options.accessLog ?? false,
    ...(ops ? { onFailedRequest: (info: Parameters<DocsOpsRecorder['requestFailed']>[0]) => ops.requestFailed(info) } : {}),
  });
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // The guard answers a missing Host with a problem document instead of Node's empty 400.
      requireHostHeader: false,
    },
    listener,
  );
  // Parser errors (unknown methods, raw bytes in the target, oversized heads, timeouts), `*` targets
  // and bad Host headers get problem documents, as the framework answers them for every kit app.
  guardHttpServer(server, {
    methods: () => service.app.methods(),
    // These never reach the request listener, so they are counted and logged here, as refused requests are.
    onRefusal: ({ status, code, method }) => {
      metrics.observe('other', methodLabel(method), status, 0);
      logger.info({ method: methodLabel(method), route: 'other', status, code }, 'request refused before the app');
    },
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      ops?.close();
      reject(error);
    };
    server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      closing = true;
      watcher?.close();
      const force = setTimeout(() => server.closeAllConnections(), limits.shutdownGraceMs);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        ops?.close();
        void (rateLimitStore?.close?.() ?? Promise.resolve()).finally(() => logger.flush(() => resolve()));
      });
      // Idle keep-alive connections would hold close() open; requests in flight still finish.
      server.closeIdleConnections();
    }));
  return { port, service, server, logger, reloader, ...(ops ? { ops } : {}), close };
}

function forwardedFor(request: Request): string | undefined {
  const header = request.headers.get('x-forwarded-for');
  const first = header?.split(',')[0]?.trim();
  return first || undefined;
}
