import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { KitApp } from '@kit/kit-core';
import type { Logger } from 'pino';
import { answerPreflight, corsHeaders, isOpenToAllOrigins, pageSecurityHeaders } from './cross-origin.js';
import { hostGuardRefusal } from './host-guard.js';
import type { ServerLimits } from './limits.js';
import type { DocsMetrics } from './metrics.js';
import { timeoutProblem, writeProblem } from './problem.js';
import { methodLabel, pathOf, routeLabel } from './route-label.js';

/** Answers a request without the app, or returns false. */
export type FastPath = (request: IncomingMessage, response: ServerResponse, target: string, path: string, headers: Record<string, string>) => boolean;

/** What the request listener needs. */
export interface ListenerOptions {
  readonly app: KitApp;
  readonly logger: Logger;
  readonly metrics: DocsMetrics;
  readonly limits: ServerLimits;
  /** Host names `/mcp` answers to; undefined for any. */
  readonly mcpHosts: ReadonlySet<string> | undefined;
  /** True once shutdown has begun: responses then close their connection. */
  readonly isClosing: () => boolean;
  /** Answers cached requests and health checks without the app; absent when rate limits apply. */
  readonly fastPath?: FastPath;
  /** Log every request at info, or (the default) only those answered 4xx or 5xx. */
  readonly accessLog?: boolean;
}

const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * The Node request listener of the service: the process-level concerns around the app. It gives
 * each request an id (the caller's `X-Request-Id` when it is a short token), applies CORS on the
 * API and security headers on pages, guards `/mcp` against DNS rebinding, refuses oversized bodies
 * up front, bounds the time a handler may take, and logs and measures every finished request.
 */
export function createRequestListener(options: ListenerOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { app, logger, metrics, limits, fastPath } = options;
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
  const listener = getRequestListener(
    (request, env) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<Response>((resolve) => {
        timer = setTimeout(() => resolve(timeoutProblem(timeoutMs)), timeoutMs);
      });
      return Promise.race([app.fetch(request, env as HttpBindings), timeout]).finally(() => clearTimeout(timer));
    },
    {
      errorHandler: (error) => {
        logger.error({ err: error }, 'request failed outside the app');
        return timeoutProblem(timeoutMs);
      },
    },
  );

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
      if (status >= 500 && status !== 499) logger.error({ reqId: requestId, method, route, status, ms }, 'request failed');
      else if (status === 499) logger.info({ reqId: requestId, method, route, status, ms }, 'request abandoned by the client');
      // Refused requests are what an operator looks into, so they are always logged; a line per
      // successful request is opt-in, since /metrics already counts and times every route.
      else if (accessLog || status >= 400) requestLogger(route, method, status).info({ reqId: requestId, ms }, 'request');
    });

    const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', 'x-request-id': requestId };
    if (options.isClosing()) headers.connection = 'close';
    if (isOpenToAllOrigins(path)) {
      Object.assign(headers, corsHeaders);
      if (answerPreflight(request, response, headers)) return;
    } else if (path === '/mcp') {
      const refusal = hostGuardRefusal(request, options.mcpHosts);
      if (refusal) return writeProblem(response, 403, 'forbidden', 'Forbidden', refusal, headers);
    } else {
      Object.assign(headers, pageSecurityHeaders);
    }
    if (fastPath?.(request, response, target, path, headers)) return;
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limits.maxBodyBytes) {
      headers.connection = 'close';
      return writeProblem(response, 413, 'payload-too-large', 'Payload too large', `The request body is larger than ${limits.maxBodyBytes / 1024} KiB.`, headers);
    }
    for (const name in headers) if (name !== 'x-request-id') response.setHeader(name, headers[name]!);
    void listener(request, response);
  };
}
