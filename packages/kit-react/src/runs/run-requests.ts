import { pageTraceHeaders } from '../tracing/page-trace-headers.js';
import type { RunSnapshot } from './run-wire.js';

/** The routes' base path without a trailing slash (`/api/runs` by default, as `harnessRoutes` has it). */
export function runsBase(basePath: string | undefined): string {
  return (basePath ?? '/api/runs').replace(/\/+$/, '');
}

/** The path of one run under the base path. */
export function runPath(basePath: string, runId: string): string {
  return `${basePath}/${encodeURIComponent(runId)}`;
}

/** What went wrong, from a problem document's `detail` (or `title`), else the status line. */
export async function problemMessage(response: Response): Promise<string> {
  const fallback = `${response.status} ${response.statusText}`.trim();
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null) return fallback;
  const { detail, title } = body as { detail?: unknown; title?: unknown };
  return typeof detail === 'string' ? detail : typeof title === 'string' ? title : fallback;
}

/**
 * Posts JSON to a run route of this origin, as the app's own page: same-origin credentials and a
 * relative URL, so kit's cross-site check lets it through. Resolves with the run the route answers;
 * rejects with an `Error` holding the server's explanation, or the network failure.
 */
export async function postRun(path: string, body: Record<string, unknown> = {}): Promise<RunSnapshot> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...pageTraceHeaders() },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await problemMessage(response));
  return (await response.json()) as RunSnapshot;
}

/** Why a run's event stream could not be opened: the answer of reading the run, or a generic message when it reads fine. */
export async function streamFailure(basePath: string, runId: string): Promise<string> {
  const unavailable = `The events of run "${runId}" are unavailable.`;
  try {
    const response = await fetch(runPath(basePath, runId), {
      headers: { Accept: 'application/json', ...pageTraceHeaders() },
      credentials: 'same-origin',
    });
    return response.ok ? unavailable : await problemMessage(response);
  } catch (error) {
    return error instanceof Error ? `${unavailable} ${error.message}` : unavailable;
  }
}
