import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { recordSpansInTests } from '../../../../test-support/tracing.js';
import { activeTraceHeaders } from './spans.js';

describe('activeTraceHeaders', () => {
  it('is empty without an SDK', () => {
    expect(activeTraceHeaders()).toEqual({});
  });

  describe('with an SDK registered', () => {
    recordSpansInTests();

    it('is empty outside a span, and the active span’s traceparent inside one', () => {
      expect(activeTraceHeaders()).toEqual({});
      trace.getTracer('test').startActiveSpan('page', (span) => {
        const { traceId, spanId } = span.spanContext();
        expect(activeTraceHeaders()).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });
        span.end();
      });
    });
  });
});
