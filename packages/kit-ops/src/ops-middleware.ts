import { defineMiddleware, type MiddlewareDefinition } from '@kit/kit-core';
import { describeValue, KitOpsError } from './kit-ops-error.js';
import type { OpsStore } from './create-ops-store.js';
import { reportError } from './report-error.js';

/** Options of `opsMiddleware`. */
export interface OpsMiddlewareOptions {
  /** Called when an event cannot be recorded (the request is answered anyway). Default: `console.warn`. */
  onError?: (error: unknown) => void;
  /** Leaves some requests out (health probes, say): return `false` to skip one. */
  filter?: (request: Request) => boolean;
}

/** The HTTP status of an error a route threw: its own `status` when it is an HTTP error status, else 500. */
function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

/**
 * A kit-core middleware that records every request as a `request` event: subject `METHOD /path`,
 * status `error` for a 5xx answer (or a thrown error) and `ok` otherwise, the duration, and the
 * request id as correlation id. A request is answered the same whether or not its event could be recorded.
 *
 * @example
 * ```ts
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { createOpsStore, opsMiddleware } from '@kit/kit-ops';
 *
 * const ops = createOpsStore({ path: './.kit/ops.sqlite' });
 * const app = createKitApp({
 *   middleware: [opsMiddleware(ops)],
 *   routes: { 'GET /api/health': defineAPI({ handler: async () => ({ status: 'ok' }) }) },
 * });
 * await app.fetch(new Request('http://localhost/api/health'));
 * console.log(ops.query({ kind: 'request' })[0]?.subject); // GET /api/health
 * ```
 */
export function opsMiddleware(store: OpsStore, options: OpsMiddlewareOptions = {}): MiddlewareDefinition {
  if (typeof store?.record !== 'function')
    throw new KitOpsError('invalid_config', `opsMiddleware: store must be an OpsStore from createOpsStore, got ${describeValue(store)}`);
  const { onError, filter } = options;
  return defineMiddleware({
    name: 'kit-ops',
    handler: async ({ request, ctx, next }) => {
      if (filter && !filter(request)) return next();
      const started = performance.now();
      const path = new URL(request.url).pathname;
      const record = (httpStatus: number, error?: unknown) => {
        try {
          store.record({
            kind: 'request',
            subject: `${request.method} ${path}`,
            status: httpStatus >= 500 ? 'error' : 'ok',
            correlationId: ctx.requestId,
            durationMs: Math.round((performance.now() - started) * 1000) / 1000,
            data: {
              method: request.method,
              path,
              httpStatus,
              authType: ctx.authType,
              ...(error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) }),
            },
          });
        } catch (failure) {
          reportError(onError, 'opsMiddleware', failure);
        }
      };
      let response: Response;
      try {
        response = await next();
      } catch (error) {
        record(statusOf(error), error);
        throw error;
      }
      record(response.status);
      return response;
    },
  });
}
