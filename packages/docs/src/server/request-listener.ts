import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type KitApp } from '@kit/kit-core';
import { maxBodyBytes as apiBodyBytes } from '@kit/kit-core/http';
import type { Logger } from 'pino';
import { answerPreflight, corsHeaders, isOpenToAllOrigins, pageSecurityHeaders } from './cross-origin.js';
import type { HealthCheck } from './health-check.js';
import { hostGuardRefusal } from './host-guard.js';
import type { ServerLimits } from './limits.js';
import type { DocsMetrics } from './metrics.js';
import { incompleteRequestProblem, timeoutProblem, writeProblem } from './problem.js';
import { methodLabel, pathOf, routeLabel } from './route-label.js';

/** What the request listener needs. */
export interface ListenerOptions {
  readonly app: KitApp;
  readonly logger: Logger;
  readonly metrics: DocsMetrics;
  readonly limits: ServerLimits;
  /** Host names the agent endpoints `/mcp` and `/a2a` answer to; undefined for any. */
  readonly mcpHosts: ReadonlySet<string> | undefined;
  /** True once shutdown has begun: responses then close their connection. */
  readonly isClosing: () => boolean;
  /** Answers health checks without the app; absent when rate limits apply. */
  readonly healthCheck?: HealthCheck;
  /** Log every request at info, or (the default) only those answered 4xx or 5xx. */
  readonly accessLog?: boolean;
  /** Told of every request answered 5xx (abandoned ones, 499, are not failures). */
  readonly onFailedRequest?: (info: { requestId: string; method: string; route: string; path: string; status: number; ms: number }) => void;
}

const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * The Node request listener of the service: the process-level concerns around the app's own request
 * listener (`app.requestListener()`, which answers what the response cache keeps straight from Node). It
 * gives each request an id (the caller's `X-Request-Id` when it is a short token), applies CORS on the
 * API and security headers on pages, guards `/mcp` and `/a2a` against DNS rebinding, refuses oversized bodies
 * up front, bounds the time a handler may take, and logs and measures every finished request.
 */
export function createRequestListener(options: ListenerOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { app, logger, metrics, limits, healthCheck } = options;
  const accessLog = options.accessLog ?? false;
  const timeoutMs = limits.handlerTimeoutMs;
  // One child logger per route, method and status: pino serialises a child's fields once, so each
  // request line only serialises its id and duration. Labels are bounded, and so is this map.
  const requestLoggers = new Map<string, Logger>();
  const requestLogger = (route: string, method: string, status: number): Logger => {
    const key = `${route} ${method} ${status}`;
    let child = requestLoggers.get(key);
    if (!child) {
      child = logger.child({ method, route, status });
      requestLoggers.set(key, child);
    }
    return child;
  };
  const listener = app.requestListener({
    around: (request, bindings, answer) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<Response>((resolve) => {
        // A request whose body is still arriving is late by the client's doing, not the server's.
        timer = setTimeout(
          () => resolve(bindings.incoming.complete ? timeoutProblem(timeoutMs) : incompleteRequestProblem(timeoutMs)),
          timeoutMs,
        );
      });
      return Promise.race([answer(request, bindings), timeout]).finally(() => clearTimeout(timer));
    },
    // Failing outside the app is the server's own fault: answered as a generic 500, and logged.
    onError: (error) => logger.error({ err: error }, 'request failed outside the app'),
  });

  return (request, response) => {
    const started = process.hrtime.bigint();
    const given = request.headers['x-request-id'];
    const requestId = typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    // The app reads the id from the request, so logs and the X-Request-Id answer agree.
    request.headers['x-request-id'] = requestId;
    const target = request.url ?? '/';
    const path = pathOf(target);
    const method = methodLabel(request.method);

    // 'close' comes for every request, answered or abandoned by the client, so none goes uncounted.
    response.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(path);
      const status = response.writableFinished ? response.statusCode : 499;
      metrics.observe(route, method, status, seconds);
      const ms = Math.round(seconds * 1e6) / 1e3;
      if (status >= 500 && status !== 499) {
        logger.error({ reqId: requestId, method, route, status, ms }, 'request failed');
        options.onFailedRequest?.({ requestId, method, route, path, status, ms });
      } else if (status === 499) logger.info({ reqId: requestId, method, route, status, ms }, 'request abandoned by the client');
      // Refused requests are what an operator looks into, so they are always logged; a line per
      // successful request is opt-in, since /metrics already counts and times every route.
      else if (accessLog || status >= 400) requestLogger(route, method, status).info({ reqId: requestId, ms }, 'request');
    });

    const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', 'x-request-id': requestId };
    if (options.isClosing()) headers.connection = 'close';
    if (isOpenToAllOrigins(path)) {
      Object.assign(headers, corsHeaders);
      if (answerPreflight(request, response, headers)) return;
    } else if (path === '/mcp' || path === '/a2a') {
      const refusal = hostGuardRefusal(request, options.mcpHosts, path);
      if (refusal) return writeProblem(response, 403, 'forbidden', 'Forbidden', refusal, headers);
    } else {
      Object.assign(headers, pageSecurityHeaders);
    }
    if (healthCheck?.(request, response, target, headers)) return;
    const declared = Number(request.headers['content-length'] ?? 0);
    // The API reads at most 64 KiB of JSON: refused here, before a byte is read, it gets the same
    // answer as from the app; other paths (/mcp) have the server's own, larger limit.
    const limit = path.startsWith('/api/') ? Math.min(apiBodyBytes, limits.maxBodyBytes) : limits.maxBodyBytes;
    if (declared > limit) {
      headers.connection = 'close';
      const hint = path.startsWith('/api/') ? '; send fewer or shorter parameters' : '';
      return writeProblem(
        response,
        413,
        'payload-too-large',
        'Payload too large',
        `The request body is larger than ${limit / 1024} KiB${hint}.`,
        headers,
      );
    }
    // Given to the app's listener rather than set here, so a cached answer goes out in one writeHead.
    listener(request, response, headers);
  };
}
