import {
  context,
  propagation,
  ProxyTracerProvider,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type SpanOptions,
} from '@opentelemetry/api';

/** What every tracer delegates to while no SDK has registered a provider: it makes spans that record nothing. */
const noProvider = new ProxyTracerProvider().getDelegate();

/**
 * Whether an OpenTelemetry SDK has registered a tracer provider. Without one kit makes no span and does no
 * context work at all, so this check (a lookup on the global API object) is all an app without tracing pays.
 * It is asked on every call rather than once, so a provider registered after the app was made still counts.
 *
 * @example
 * ```ts
 * import { tracingOn } from '@kit/kit-core/internal';
 *
 * console.log(tracingOn()); // false until an OpenTelemetry SDK registers a tracer provider
 * ```
 */
export function tracingOn(): boolean {
  const provider = trace.getTracerProvider();
  return (provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider) !== noProvider;
}

/**
 * A low-cardinality name of what failed, for `error.type`: the error's own string `code` (a `KitError`'s,
 * a driver's `SQLITE_CONSTRAINT_UNIQUE`), else its class name.
 *
 * @example
 * ```ts
 * import { KitError } from '@kit/kit-core';
 * import { errorType } from '@kit/kit-core/internal';
 *
 * console.log(errorType(new KitError('not_found', 'No ticket T-9.')), errorType(new TypeError('bad'))); // not_found TypeError
 * ```
 */
export function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  if (typeof code === 'string' && code !== '') return code;
  return error instanceof Error ? error.name : '_OTHER';
}

/** Marks a span failed: the exception as an event, `error.type`, and the error status with the message. *
 * @example
 * ```ts
 * import { trace } from '@opentelemetry/api';
 * import { failSpan } from '@kit/kit-core/internal';
 *
 * const span = trace.getTracer('@kit/kit-db').startSpan('INSERT ticket');
 * failSpan(span, new Error('disk full'), 'disk_full');
 * span.end();
 * ```
 */
export function failSpan(span: Span, error: unknown, type: string = errorType(error)): void {
  const message = error instanceof Error ? error.message : String(error);
  span.recordException(error instanceof Error ? error : message);
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/**
 * Runs `work` in a span of the tracer named `scope` (the package, such as `@kit/kit-db`), made the active one
 * while it runs (so what it starts is its child), and
 * ends the span when `work` settles; a rejection marks it failed and is passed on. `parent` is the context to
 * start from (the active one when omitted, `ROOT_CONTEXT` for a new trace). Without a registered provider
 * `work` runs on its own and gets `undefined`.
 *
 * @example
 * ```ts
 * import { SpanKind } from '@opentelemetry/api';
 * import { inSpan } from '@kit/kit-core/internal';
 *
 * const rows = await inSpan('@kit/kit-db', 'SELECT ticket', { kind: SpanKind.CLIENT }, async (span) => {
 *   span?.setAttribute('db.collection.name', 'ticket');
 *   return [{ id: 'T-1' }];
 * });
 * console.log(rows.length); // 1
 * ```
 */
export function inSpan<T>(
  scope: string,
  name: string,
  options: SpanOptions,
  work: (span: Span | undefined) => Promise<T>,
  parent?: Context,
): Promise<T> {
  if (!tracingOn()) return work(undefined);
  const base = parent ?? context.active();
  // Asked for each span rather than kept: a provider registered anew (tests do) then gets the spans.
  const span = trace.getTracer(scope).startSpan(name, options, base);
  return context.with(trace.setSpan(base, span), async () => {
    try {
      return await work(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The headers of a trace context a page hands on to the requests it makes: what the W3C propagator writes. */
const pageTraceFields = ['traceparent', 'tracestate'] as const;

/**
 * The trace context of the active span as the registered propagator writes it, limited to `traceparent`
 * and `tracestate` (never `baggage`, which may hold what a page must not show): what a rendered page puts
 * in its head so that the requests the page makes later join the trace of the request that served it.
 * Empty without a registered provider, without an active span, or with a propagator that writes neither.
 *
 * @example
 * ```ts
 * import { activeTraceHeaders } from '@kit/kit-core/internal';
 *
 * console.log(activeTraceHeaders()); // {} until an OpenTelemetry SDK is registered and a span is active
 * ```
 */
export function activeTraceHeaders(): Partial<Record<(typeof pageTraceFields)[number], string>> {
  if (!tracingOn() || trace.getActiveSpan() === undefined) return {};
  const written: Record<string, string> = {};
  propagation.inject(context.active(), written);
  const headers: Partial<Record<(typeof pageTraceFields)[number], string>> = {};
  for (const field of pageTraceFields) if (typeof written[field] === 'string') headers[field] = written[field];
  return headers;
}
