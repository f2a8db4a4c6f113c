/**
 * An OpenTelemetry SDK registered for a test, as an app registers one: a tracer provider whose spans end up
 * in memory, the AsyncLocalStorage context manager and the W3C trace-context propagator. `stop` unregisters
 * all three, so the next test file starts without tracing.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface RecordedSpans {
  /** The spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** The one ended span named `name`; throws, listing the names, when there is none or more than one. */
  named(name: string): ReadableSpan;
  /** Forgets the spans ended so far. */
  reset(): void;
  /** Waits until every span processor has handed on the spans ended so far (an exporter has sent them). */
  flush(): Promise<void>;
  /** Unregisters the provider, context manager and propagator. */
  stop(): Promise<void>;
}

/** Registers an SDK whose spans are kept in memory; `more` processors (an OTLP exporter's) get them too. */
export function recordSpans(more: SpanProcessor[] = []): RecordedSpans {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter), ...more] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const spans = () => exporter.getFinishedSpans();
  return {
    spans,
    named(name) {
      const found = spans().filter((span) => span.name === name);
      if (found.length !== 1)
        throw new Error(
          `${found.length} spans named "${name}"; ended: ${spans()
            .map((span) => span.name)
            .join(', ')}`,
        );
      return found[0]!;
    },
    reset: () => exporter.reset(),
    flush: () => provider.forceFlush(),
    async stop() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/**
 * Records spans for the tests of the enclosing `describe`: the SDK is registered before them, the spans are
 * forgotten before each, and the SDK is unregistered after them.
 */
export function recordSpansInTests(): RecordedSpans {
  let recorded: RecordedSpans | undefined;
  beforeAll(() => {
    recorded = recordSpans();
  });
  beforeEach(() => recorded?.reset());
  afterAll(async () => {
    await recorded?.stop();
  });
  const current = (): RecordedSpans => {
    if (!recorded) throw new Error('recordSpansInTests: the spans are recorded inside the tests only');
    return recorded;
  };
  return {
    spans: () => current().spans(),
    named: (name) => current().named(name),
    reset: () => current().reset(),
    flush: () => current().flush(),
    stop: () => current().stop(),
  };
}

/** Whether `child`'s parent is `parent` (same trace, parent span id). */
export function isChildOf(child: ReadableSpan, parent: ReadableSpan): boolean {
  const parentContext = child.parentSpanContext;
  return (
    parentContext !== undefined &&
    parentContext.traceId === parent.spanContext().traceId &&
    parentContext.spanId === parent.spanContext().spanId
  );
}
