import { activeTraceHeaders } from '@kit/kit-core/internal';
import { attributeText } from './escape.js';
import { pageTraceFields } from '../tracing/page-trace-headers.js';

/**
 * The `<meta>` tags that carry the trace context of the request being answered into the page's head, for
 * `pageTraceHeaders` to send with the page's later requests; empty when the app does not trace. The
 * `traceparent` meta is also what OpenTelemetry's browser document-load instrumentation reads.
 */
export function traceMetaTags(): string {
  const headers = activeTraceHeaders();
  let tags = '';
  for (const field of pageTraceFields) {
    const value = headers[field];
    if (value !== undefined) tags += `<meta name="${field}" content="${attributeText(value)}"/>`;
  }
  return tags;
}
