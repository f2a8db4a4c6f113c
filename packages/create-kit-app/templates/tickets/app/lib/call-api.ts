import { pageTraceHeaders } from '@kit/kit-react';

/** The answer of one API call from a page: its status and JSON body, or the problem's detail. */
export interface ApiAnswer<T> {
  readonly status: number;
  readonly body: T | null;
  /** The `detail` of an RFC 9457 problem (every failure of a kit API is one). */
  readonly problem: string | null;
}

/**
 * Calls this app's JSON API from the browser, with the session cookie, as the pages' forms and buttons
 * do, and the page's trace context (so a traced app sees the page and its calls as one trace). Agents
 * call the same routes with their API key.
 */
export async function callApi<T>(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...pageTraceHeaders() }, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    return { status: 0, body: null, problem: 'The server cannot be reached; check your connection and try again.' };
  }
  const json = (await response.json().catch(() => null)) as (T & { detail?: unknown }) | null;
  if (response.ok) return { status: response.status, body: json, problem: null };
  const detail = json !== null && typeof json.detail === 'string' ? json.detail : `The server answered ${response.status}.`;
  return { status: response.status, body: null, problem: detail };
}
