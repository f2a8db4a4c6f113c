import type { IncomingMessage } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type TextMapGetter } from '@opentelemetry/api';
import { failSpan, tracingOn } from '../tracing/spans.js';
import { incomingOf, requestHeader } from './incoming-header.js';

/** The methods `http.request.method` names as they are; any other is `_OTHER`. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE', 'QUERY']);

/** The spans this module made, so that an error reported while one is active is recorded on it alone. */
const requestSpans = new WeakSet<Span>();

interface Carrier {
  readonly request: Request;
  readonly incoming: IncomingMessage | undefined;
}

/** Reads propagation headers (`traceparent`, `tracestate`, `baggage`) the way kit reads any header. */
const headers: TextMapGetter<Carrier> = {
  keys: ({ request, incoming }) => (incoming ? Object.keys(incoming.headers) : [...request.headers.keys()]),
  get: ({ request, incoming }, key) => requestHeader(request, incoming, key.toLowerCase()) ?? undefined,
};

/**
 * Answers a request inside a SERVER span when an OpenTelemetry SDK is registered, else just answers it.
 * The span is named `METHOD /route/pattern` (the method alone where no route matched), carries the stable
 * HTTP attributes, and is the active span while the app answers, so whatever the handler does (a harness
 * run, a database query) is its child. Its parent is the span an HTTP instrumentation already made for the
 * request, if any, else the context of the request's `traceparent`, read with the registered propagator.
 * A 5xx answer marks it failed; it ends when the answer's head is ready (an event stream goes on after it).
 */
export function answerTraced(
  request: Request,
  env: unknown,
  route: string | undefined,
  answer: () => Promise<Response>,
): Promise<Response> {
  if (!tracingOn()) return answer();
  const incoming = incomingOf(env);
  const active = context.active();
  const parent = trace.getSpan(active) ? active : propagation.extract(active, { request, incoming }, headers);
  const method = knownMethods.has(request.method) ? request.method : '_OTHER';
  const url = new URL(request.url);
  const attributes: Attributes = {
    'http.request.method': method,
    'url.scheme': url.protocol.slice(0, -1),
    'url.path': url.pathname,
    'server.address': url.hostname.replace(/^\[(.*)\]$/, '$1'),
    'server.port': url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port),
  };
  if (method === '_OTHER') attributes['http.request.method_original'] = request.method;
  if (route !== undefined) attributes['http.route'] = route;
  if (incoming) {
    attributes['network.protocol.version'] = incoming.httpVersion;
    if (incoming.socket?.remoteAddress !== undefined) attributes['client.address'] = incoming.socket.remoteAddress;
  }
  const userAgent = requestHeader(request, incoming, 'user-agent');
  if (userAgent !== null) attributes['user_agent.original'] = userAgent;
  const spanMethod = method === '_OTHER' ? 'HTTP' : method;
  const span = trace
    .getTracer('@kit/kit-core')
    .startSpan(route === undefined ? spanMethod : `${spanMethod} ${route}`, { kind: SpanKind.SERVER, attributes }, parent);
  requestSpans.add(span);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      const response = await answer();
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 500) {
        span.setAttribute('error.type', String(response.status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      return response;
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Records an unexpected error of a request (the one behind its 500) on the request's span, when it is the
 * active span; the answer's status then marks the span failed.
 */
export function recordRequestError(error: unknown): void {
  const span = trace.getActiveSpan();
  if (span && requestSpans.has(span)) span.recordException(error instanceof Error ? error : String(error));
}
