import { createOpsStore, type OpsEventInput, type OpsIncidentRule, type OpsStore } from '@kit/kit-ops';
import type { Logger } from 'pino';

/**
 * The incidents kit docs opens in its operations file: `content-reload-failing` at the first failed
 * reload, resolved by the next successful one; `route-5xx` when a route answers 5xx three times within
 * a minute, resolved after five minutes without one.
 */
export const docsIncidentRules: readonly OpsIncidentRule[] = [
  {
    name: 'content-reload-failing',
    match: { kind: 'reload', status: 'error' },
    open: { count: 1, withinMs: 0 },
    resolve: { onSuccess: true },
  },
  { name: 'route-5xx', match: { kind: 'request', status: 'error' }, open: { count: 3, withinMs: 60_000 }, resolve: { quietMs: 300_000 } },
];

/** A failed request as the request listener reports it. */
export interface FailedRequest {
  readonly requestId: string;
  readonly method: string;
  /** The route label of the metrics (`/api/search`, `/docs/:slug`, `other`); the subject is `METHOD label`, or `METHOD path` for `other`. */
  readonly route: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
}

/** What the service records into its operations file. Recording never fails the service: problems are logged. */
export interface DocsOpsRecorder {
  readonly store: OpsStore;
  /** The service started serving `documents` documents as content version `version`. */
  started(info: { version: number; documents: number }): void;
  reloaded(info: { reason: string; version: number; documents: number; ms: number }): void;
  reloadFailed(info: { reason: string; version: number; problems: readonly string[]; error?: string; ms: number }): void;
  requestFailed(info: FailedRequest): void;
  close(): void;
}

/**
 * Opens the operations file of `kit-docs serve --ops-db <path>`: reloads become `reload` events, the
 * content's health a `content` snapshot (`degraded` while an invalid reload left old content serving),
 * and requests answered 5xx `request` events with status `error`.
 */
export function openDocsOps(path: string, logger: Logger): DocsOpsRecorder {
  const store = createOpsStore({ path, rules: docsIncidentRules });
  const safely = (what: string, work: () => void) => {
    try {
      work();
    } catch (error) {
      logger.warn({ err: error, opsDb: store.location }, `could not record ${what} in the operations file`);
    }
  };
  const record = (event: OpsEventInput) => safely(`a ${event.kind} event`, () => store.record(event));
  return {
    store,
    started: ({ version, documents }) => safely('the content health', () => store.snapshot('content', 'ok', { version, documents })),
    reloaded: ({ reason, version, documents, ms }) => {
      record({ kind: 'reload', subject: 'content', status: 'ok', durationMs: ms, data: { reason, version, documents } });
      safely('the content health', () => store.snapshot('content', 'ok', { version, documents }));
    },
    reloadFailed: ({ reason, version, problems, error, ms }) => {
      const message = error ?? `${problems.length} problem${problems.length === 1 ? '' : 's'} in the content`;
      record({
        kind: 'reload',
        subject: 'content',
        status: 'error',
        durationMs: ms,
        data: { reason, version, error: message, problems: problems.slice(0, 20) },
      });
      safely('the content health', () =>
        store.snapshot('content', 'degraded', { version, reason: `reload failed: ${message}; still serving version ${version}` }),
      );
    },
    requestFailed: ({ requestId, method, route, path: requestPath, status, ms }) =>
      record({
        kind: 'request',
        subject: `${method} ${route === 'other' ? requestPath : route}`,
        status: 'error',
        correlationId: requestId,
        durationMs: ms,
        data: { method, path: requestPath, httpStatus: status },
      }),
    close: () => store.close(),
  };
}
