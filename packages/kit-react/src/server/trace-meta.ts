import { activeTraceHeaders } from '@kit/kit-core/internal';
import { attributeText } from './escape.js';

/**
 * The `<meta>` tags that carry the trace context of the request being answered into the page's head, for
 * `pageTraceHeaders` to send with the page's later requests; empty when the app does not trace. The
 * `traceparent` meta is also what OpenTelemetry's browser document-load instrumentation reads.
 */
export function traceMetaTags(): string {
  // activeTraceHeaders gives the page's fields only (never baggage), in order.
  return Object.entries(activeTraceHeaders())
    .map(([field, value]) => `<meta name="${field}" content="${attributeText(value)}"/>`)
    .join('');
}
