/**
 * A page rendered while the app traces carries its request's trace context in its head, for the requests
 * the page makes later (`pageTraceHeaders`); a page rendered without an SDK carries none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSpansInTests } from '../../../../test-support/tracing.js';
import { useLoaderData } from '../components/use-loader-data.js';
import { startPageServer, type PageServer } from '../testing/page-server.js';

function Page() {
  const { text } = useLoaderData<{ text: string }>();
  return <p id="page">{text}</p>;
}

const callerTraceId = '4bf92f3577b34da6a3ce929d0e0e4736';

async function pageHead(server: PageServer, headers: Record<string, string> = {}): Promise<string> {
  const html = await (await fetch(`${server.url}/`, { headers })).text();
  return html.slice(0, html.indexOf('</head>'));
}

describe('the trace context in a page’s head', () => {
  let server: PageServer;
  beforeAll(async () => {
    server = await startPageServer({
      routes: { '/': { page: 'index.page.tsx', layouts: [] } },
      modules: { 'index.page.tsx': { default: Page, loader: async () => ({ text: 'Home' }) } },
    });
  });
  afterAll(() => server.close());

  it('is absent when no OpenTelemetry SDK is registered', async () => {
    expect(await pageHead(server)).not.toContain('traceparent');
  });

  describe('with an SDK registered', () => {
    const recorded = recordSpansInTests();

    it('names the span of the request that served the page, in the caller’s trace', async () => {
      const head = await pageHead(server, { traceparent: `00-${callerTraceId}-00f067aa0ba902b7-01`, tracestate: 'vendor=page' });
      await recorded.flush();
      const request = recorded.named('GET').spanContext();
      expect(request.traceId).toBe(callerTraceId);
      expect(head).toContain(`<meta name="traceparent" content="00-${callerTraceId}-${request.spanId}-01"/>`);
      expect(head).toContain('<meta name="tracestate" content="vendor=page"/>');
    });

    it('starts a trace of its own for a page loaded without one', async () => {
      const head = await pageHead(server);
      await recorded.flush();
      const request = recorded.named('GET').spanContext();
      expect(head).toMatch(new RegExp(`<meta name="traceparent" content="00-${request.traceId}-${request.spanId}-01"/>`));
      expect(head).not.toContain('tracestate');
    });
  });
});
