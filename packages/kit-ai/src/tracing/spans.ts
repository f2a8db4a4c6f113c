import {
  context,
  createTraceState,
  isSpanContextValid,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type SpanOptions,
} from '@opentelemetry/api';

/**
 * The OpenTelemetry spans of kit-ai, through `@opentelemetry/api` alone: an app that registers an SDK gets
 * them, an app that does not pays one check per run, model call and tool call. kit-core has the same check
 * for its requests; kit-ai does not depend on kit-core, so it keeps its own.
 */
const scope = '@kit/kit-ai';

/** What every tracer delegates to while no SDK has registered a provider. */
const noProvider = new ProxyTracerProvider().getDelegate();

/** Whether an OpenTelemetry SDK has registered a tracer provider (asked each time, so a late one counts). */
export function tracingOn(): boolean {
  const provider = trace.getTracerProvider();
  return (provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider) !== noProvider;
}

/** The `invoke_agent` spans kit-ai made: a run of the loop inside one (a harness execution) makes none of its own. */
const agentSpans = new WeakSet<Span>();

/** How a span's work ended, read from what it returned: attributes to add, and a failure, if it failed. */
export interface SpanOutcome {
  attributes?: Record<string, string | number | boolean | string[] | undefined>;
  failure?: { type: string; message: string; error?: unknown };
}

/** Where a span starts: its parent context (the active one by default) and the spans it links to. */
export interface SpanPlace {
  parent?: Context;
  links?: Context[];
}

/**
 * Runs `work` in a span, active while it runs, that ends when `work` settles: `outcome` reads the result onto
 * it, a rejection marks it failed (its `code`, else its class, as `error.type`) and is passed on. Without a
 * registered provider `work` just runs.
 */
export function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span | undefined) => Promise<T>,
  outcome?: (value: T) => SpanOutcome,
  place: SpanPlace = {},
): Promise<T> {
  if (!tracingOn()) return work(undefined);
  const parent = place.parent ?? context.active();
  const links = (place.links ?? []).flatMap((linked) => {
    const spanContext = trace.getSpanContext(linked);
    return spanContext && isSpanContextValid(spanContext) ? [{ context: spanContext }] : [];
  });
  // The tracer is asked for each span rather than kept: a provider registered anew (tests do) then gets them.
  const span = trace.getTracer(scope).startSpan(name, links.length > 0 ? { ...options, links } : options, parent);
  if (options.attributes?.['gen_ai.operation.name'] === 'invoke_agent') agentSpans.add(span);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      const value = await work(span);
      if (outcome) settle(span, outcome(value));
      return value;
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const message = error instanceof Error ? error.message : String(error);
      settle(span, { failure: { type: typeof code === 'string' ? code : error instanceof Error ? error.name : '_OTHER', message, error } });
      throw error;
    } finally {
      span.end();
    }
  });
}

function settle(span: Span, { attributes, failure }: SpanOutcome): void {
  for (const [key, value] of Object.entries(attributes ?? {})) if (value !== undefined) span.setAttribute(key, value);
  if (!failure) return;
  if (failure.error !== undefined) span.recordException(failure.error instanceof Error ? failure.error : String(failure.error));
  span.setAttribute('error.type', failure.type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
}

/** Whether the active span is an `invoke_agent` span of kit-ai (the harness's, around the run it executes). */
export function inAgentSpan(): boolean {
  const span = trace.getActiveSpan();
  return span !== undefined && agentSpans.has(span);
}

/**
 * Starts background work (a worker's claim loop) outside whatever trace is active where it is started:
 * begun while a request is answered, it would otherwise make every span of its life a child of that one
 * request. Without tracing it just starts the work.
 */
export function startOutsideTrace<T>(work: () => T): T {
  return tracingOn() ? context.with(ROOT_CONTEXT, work) : work();
}

/** The active context, to start spans from later, elsewhere (a call batch's calls); undefined without tracing. */
export function activeTraceContext(): Context | undefined {
  return tracingOn() ? context.active() : undefined;
}

/**
 * Where a run was asked for, kept with the run so that the process that executes it, perhaps another one,
 * continues the same trace: the W3C `traceparent` of the span that was active, and its `tracestate`.
 */
export interface RunTraceContext {
  traceparent: string;
  tracestate?: string;
}

/** The trace context of the active span, to store with a run; undefined without tracing or an active span. */
export function currentRunTraceContext(): RunTraceContext | undefined {
  if (!tracingOn()) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return undefined;
  const flags = (spanContext.traceFlags & 0xff).toString(16).padStart(2, '0');
  const traceparent = `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
  const tracestate = spanContext.traceState?.serialize();
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** The context a stored trace context stands for, as a remote parent; undefined when it is missing or malformed. */
export function contextOfRun(stored: RunTraceContext | undefined): Context | undefined {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(stored?.traceparent ?? '');
  if (!match) return undefined;
  const spanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: parseInt(match[3]!, 16),
    isRemote: true,
    ...(stored?.tracestate ? { traceState: createTraceState(stored.tracestate) } : {}),
  };
  return isSpanContextValid(spanContext) ? trace.setSpanContext(ROOT_CONTEXT, spanContext) : undefined;
}

/** `next` with the trace context of the active span, which the execution it asks for continues; as it is without one. */
export function withTraceContext<T extends { traceContext?: RunTraceContext }>(next: T): T {
  const traceContext = currentRunTraceContext();
  return traceContext ? { ...next, traceContext } : next;
}

/**
 * Where the span of a run's execution starts: under the trace context stored with the run (the request that
 * started, resumed or decided it, in this process or another), linked to the active span when that is another
 * one (a worker's own); under the active span when nothing was stored.
 */
export function runPlace(stored: RunTraceContext | undefined): SpanPlace {
  const parent = contextOfRun(stored);
  if (!parent) return {};
  const active = context.active();
  const activeSpan = trace.getSpanContext(active);
  const linked = activeSpan !== undefined && activeSpan.spanId !== trace.getSpanContext(parent)?.spanId;
  return linked ? { parent, links: [active] } : { parent };
}
