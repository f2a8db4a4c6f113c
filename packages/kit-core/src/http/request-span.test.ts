import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from '../app/create-kit-app.js';
import { defineAPI } from '../definitions/define-api.js';
import { isChildOf, recordSpansInTests } from '../../../../test-support/tracing.js';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const callerSpanId = '00f067aa0ba902b7';

function makeApp() {
  return createKitApp({
    routes: {
      'GET /api/tickets/:id': defineAPI({
        input: z.strictObject({ id: z.string() }),
        // Work the handler does in a span of its own, which must be a child of the request's.
        handler: async ({ input }) =>
          trace.getTracer('test').startActiveSpan('load ticket', async (span) => {
            span.end();
            return { id: input.id };
          }),
      }),
      'POST /api/fail': defineAPI({
        handler: async () => {
          throw new Error('the disk is full');
        },
      }),
    },
    onError: () => undefined,
  });
}

describe('request spans', () => {
  const recorded = recordSpansInTests();

  it('names the span after the route pattern, continues the caller’s traceparent and parents the handler’s spans', async () => {
    const server = await makeApp().listen({ port: 0 });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/tickets/T-7`, {
        headers: { traceparent: `00-${traceId}-${callerSpanId}-01`, 'user-agent': 'span-test' },
      });
      expect(response.status).toBe(200);
    } finally {
      await server.close();
    }
    const request = recorded.named('GET /api/tickets/:id');
    expect(request.kind).toBe(SpanKind.SERVER);
    expect(request.instrumentationScope.name).toBe('@kit/kit-core');
    expect(request.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/tickets/:id',
      'url.path': '/api/tickets/T-7',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'server.port': server.port,
      'http.response.status_code': 200,
      'network.protocol.version': '1.1',
      'user_agent.original': 'span-test',
    });
    expect(request.attributes['client.address']).toMatch(/127\.0\.0\.1/);
    expect(request.spanContext().traceId).toBe(traceId);
    expect(request.parentSpanContext?.spanId).toBe(callerSpanId);
    expect(request.status.code).toBe(SpanStatusCode.UNSET);
    expect(isChildOf(recorded.named('load ticket'), request)).toBe(true);
  });

  it('marks a 500 failed, with the error that caused it, and starts a new trace without a traceparent', async () => {
    const response = await makeApp().fetch(new Request('http://test/api/fail', { method: 'POST' }));
    expect(response.status).toBe(500);
    const span = recorded.named('POST /api/fail');
    expect(span.parentSpanContext).toBeUndefined();
    expect(span.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500', 'server.port': 80 });
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.events.map((event) => [event.name, event.attributes?.['exception.message']])).toEqual([['exception', 'the disk is full']]);
  });

  it('names an unmatched request after its method alone, and a 405 after the path it matched', async () => {
    const app = makeApp();
    expect((await app.fetch(new Request('http://test/nowhere'))).status).toBe(404);
    expect((await app.fetch(new Request('http://test/api/fail'))).status).toBe(405);
    const unmatched = recorded.named('GET');
    expect(unmatched.attributes['http.route']).toBeUndefined();
    expect(unmatched.attributes).toMatchObject({ 'http.response.status_code': 404, 'url.path': '/nowhere' });
    expect(unmatched.status.code).toBe(SpanStatusCode.UNSET);
    expect(recorded.named('GET /api/fail').attributes).toMatchObject({ 'http.route': '/api/fail', 'http.response.status_code': 405 });
  });
});

describe('without a registered tracer provider', () => {
  it('answers as before and makes no span', async () => {
    const response = await makeApp().fetch(new Request('http://test/api/tickets/T-1'));
    expect(await response.json()).toEqual({ id: 'T-1' });
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
