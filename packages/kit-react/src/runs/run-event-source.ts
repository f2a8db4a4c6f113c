import { EventSource } from 'eventsource';
import { pageTraceHeaders } from '../tracing/page-trace-headers.js';

/**
 * Opens a run's event stream as the browser's `EventSource` would (the same events, reconnection after a
 * drop with `Last-Event-ID`, same-origin credentials), through `fetch` so that the requests carry the
 * page's trace context: the browser's own `EventSource` cannot send headers, and each reconnect would
 * otherwise start a trace of its own.
 */
export function openRunEvents(url: string): EventSource {
  const trace = pageTraceHeaders();
  return new EventSource(url, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, ...trace } }),
  });
}
