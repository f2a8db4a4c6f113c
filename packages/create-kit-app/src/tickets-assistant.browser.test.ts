// The tickets template's assistant as a person uses it in Chromium, against the production server (`kit build`,
// `kit start`) and a scripted model server that speaks the Chat Completions protocol: the person asks on a ticket,
// watches the model's text arrive in parts and its calls of the app's API, the network drops and comes back while
// the run goes on, the person approves the close the run waits for, and sees the ticket closed. The browser reaches
// the app through a proxy whose connections the test cuts, as a dropped network would. The server traces with an
// OpenTelemetry SDK exporting over OTLP to a receiver on loopback, where the whole journey arrives as one trace.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, severeAxeViolations, type TestBrowser } from '../../../test-support/browser.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test-support/otlp-receiver.js';
import { startCuttableProxy, type CuttableProxy } from './testing/cuttable-proxy.js';
import { gate, startGatedModelServer, type GatedModelServer } from './testing/gated-model-server.js';
import { runKit, scaffoldLinkedTickets, startKit, until, type RunningKit } from './testing/kit-process.js';

const repository = fileURLToPath(new URL('../../../', import.meta.url));
// Registers an OpenTelemetry SDK in the server, as an app's tracing setup does, exporting to the test's receiver.
const tracingSetup = new URL('./testing/otlp-tracing.mjs', import.meta.url).href;
const eventually = { timeout: 20_000 };

/** Sets an environment variable back to what it was, unset included. */
function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe.runIf(browserAvailable())('the ticket assistant in Chromium', () => {
  let folder: string;
  let server: RunningKit;
  let serverUrl = '';
  let proxy: CuttableProxy;
  let model: GatedModelServer;
  let receiver: OtlpReceiver;
  let browser: TestBrowser;
  let context: BrowserContext;
  let page: Page;
  const gates = { firstText: gate(), close: gate(), answer: gate() };
  const ticketId = { value: '' };
  const saved = { base: process.env.OPENAI_BASE_URL, model: process.env.ASSISTANT_MODEL, nodeOptions: process.env.NODE_OPTIONS };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'create-kit-app-assistant-'));
    const root = await scaffoldLinkedTickets(folder, repository);
    expect((await runKit(root, ['build'], 120_000)).code).toBe(0);
    // The model's answers: read the ticket (text in two parts, then the call), ask to close it, then say it is closed.
    model = await startGatedModelServer([
      {
        pieces: ['Reading ', 'the ticket first.'],
        between: gates.firstText.opened,
        call: { name: 'get_api_tickets_id', arguments: () => ({ id: ticketId.value }) },
      },
      {
        before: gates.close.opened,
        call: { name: 'post_api_tickets_id_close', arguments: () => ({ id: ticketId.value, resolution: 'The printer was replaced.' }) },
      },
      { pieces: ['The ticket ', 'is closed: the printer was replaced.'], between: gates.answer.opened },
    ]);
    process.env.OPENAI_BASE_URL = model.baseUrl;
    process.env.ASSISTANT_MODEL = 'scripted';
    receiver = await startOtlpReceiver();
    process.env.KIT_TEST_OTLP_URL = receiver.url;
    process.env.NODE_OPTIONS = `${saved.nodeOptions ?? ''} --import ${tracingSetup}`.trim();
    server = startKit(root, ['start', '--port', '0']);
    restore('NODE_OPTIONS', saved.nodeOptions);
    delete process.env.KIT_TEST_OTLP_URL;
    [, serverUrl = ''] = await server.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+)/);
    proxy = await startCuttableProxy(Number(new URL(serverUrl).port));
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    if (server) expect((await server.stop()).code).toBe(0);
    await model?.close();
    await receiver?.close();
    restore('OPENAI_BASE_URL', saved.base);
    restore('ASSISTANT_MODEL', saved.model);
    await rm(folder, { recursive: true, force: true });
  });

  it(
    'streams the run, keeps it through a dropped network, holds the close for approval, and closes the ticket once approved',
    { timeout: 120_000 },
    async () => {
      // The sign-up page is a plain form (hydrate = 'none'): the browser loads no script for it.
      const scripts: string[] = [];
      const recordScript = (request: Request) => void (request.resourceType() === 'script' && scripts.push(request.url()));
      page.on('request', recordScript);
      await page.goto(`${proxy.url}/signup`);
      await page.waitForLoadState('networkidle');
      expect(scripts).toEqual([]);
      expect(await page.locator('script').count()).toBe(0);
      page.off('request', recordScript);
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('E-mail').fill('ada@example.com');
      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'All tickets' }).waitFor();
      const opened = await page.request.post(`${proxy.url}/api/tickets`, {
        data: { title: 'Printer on the third floor is broken' },
        headers: { Origin: proxy.url },
      });
      expect(opened.status()).toBe(201);
      ticketId.value = ((await opened.json()) as { id: string }).id;

      await page.goto(`${proxy.url}/tickets/${ticketId.value}`);
      await page.waitForLoadState('networkidle');
      const streams: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('/events')) streams.push(request);
      });
      const transcript = page.getByRole('region', { name: 'Assistant run' });
      const live = () => transcript.locator('.kit-run-text').textContent();
      const connection = () => transcript.locator('.kit-run-connection').textContent();
      const toolCalls = () => transcript.getByRole('list', { name: 'Tool calls' }).getByRole('listitem').allTextContents();

      await page.getByLabel('Ask the assistant').fill('It was replaced yesterday; close it.');
      const started = page.waitForResponse(
        (response) => response.url().endsWith('/api/assistant/runs') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Ask' }).click();
      const runId = ((await (await started).json()) as { id: string }).id;

      // The model's text arrives in parts as it is written, then its call of the app's API.
      await expect.poll(live, eventually).toBe('Reading ');
      gates.firstText.open();
      await expect.poll(toolCalls, eventually).toEqual(['get_api_tickets_id: done']);
      await expect.poll(connection, eventually).toBe('Connection: Live');

      // The network drops while the model thinks; the run goes on on the server and comes to wait for an admin.
      await context.setOffline(true);
      proxy.cut();
      await expect.poll(connection, eventually).toBe('Connection: Reconnecting…');
      gates.close.open();
      const cookie = (await context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
      await until(async () => {
        const view = (await (await fetch(`${serverUrl}/api/assistant/runs/${runId}`, { headers: { cookie } })).json()) as {
          status: string;
        };
        return view.status === 'approval_required' ? view : undefined;
      });
      expect(await page.getByTestId('status').textContent()).toBe('open');

      // Back online: the page reconnects after the last event it had and shows what it missed.
      await context.setOffline(false);
      const approval = transcript.getByRole('group', { name: 'Approval needed: post_api_tickets_id_close' });
      await approval.waitFor(eventually);
      await expect.poll(connection, eventually).toBe('Connection: Live');
      expect(streams.length).toBeGreaterThanOrEqual(2);
      // The reconnect named the last event the page had, so the server sent only what it missed.
      expect(Number((await streams.at(-1)!.allHeaders())['last-event-id'])).toBeGreaterThan(0);
      expect(await approval.textContent()).toContain('approval');

      // The same approval an agent's close waits for: approved here, the held call runs and the answer streams in.
      const decided = page.waitForResponse((response) => response.url().includes('/approvals/'));
      await approval.getByRole('button', { name: 'Approve' }).click();
      expect((await decided).status()).toBe(200);
      await expect.poll(live, eventually).toBe('The ticket ');
      gates.answer.open();
      await expect.poll(live, eventually).toBe('The ticket is closed: the printer was replaced.');
      expect(await toolCalls()).toEqual(['get_api_tickets_id: done', 'post_api_tickets_id_close: done']);
      await expect.poll(() => transcript.locator('.kit-run-status').textContent(), eventually).toBe('Status: Completed');
      // The ended run refreshed the page's data: the ticket shows as closed, with the assistant's resolution.
      await expect.poll(() => page.getByTestId('status').textContent(), eventually).toBe('closed');
      await page.getByText('The printer was replaced.').first().waitFor(eventually);
      expect(await severeAxeViolations(page)).toEqual([]);

      // The journey is one trace in the receiver. The ticket page's request is its root; the requests the page
      // made after it (the start, each event stream, the approval, the refresh of the page's data) carry the
      // page's trace context, and the run's two executions (before and after the approval) continue the
      // requests that asked for them, with their model and tool calls.
      const root = () => receiver.spans().find((span) => span.name === 'GET /tickets/:id' && span.parentSpanId === '');
      await expect.poll(() => root()?.traceId, eventually).toBeDefined();
      const traceId = root()!.traceId;
      const journey = () => receiver.spans().filter((span) => span.traceId === traceId);
      const count = (name: string) => journey().filter((span) => span.name === name).length;
      await expect.poll(() => [count('invoke_agent'), count('GET /tickets/:id')], eventually).toEqual([2, 2]);
      expect(journey().filter((span) => span.parentSpanId === '')).toEqual([root()]);
      expect(count('POST /api/assistant/runs')).toBe(1);
      expect(count('GET /api/assistant/runs/:runId/events')).toBeGreaterThanOrEqual(2);
      expect(count('POST /api/assistant/runs/:runId/approvals/:approvalId')).toBe(1);
      expect([count('chat scripted'), count('execute_tool get_api_tickets_id'), count('execute_tool post_api_tickets_id_close')]).toEqual([
        3, 1, 2,
      ]);
      // Nothing the page did started a trace of its own: the only requests since the page in other traces are
      // this test's own reads of the run, and every run span is in the journey's trace.
      const since = root()!.startTimeUnixNano;
      const elsewhere = receiver.spans().filter((span) => span.traceId !== traceId && span.startTimeUnixNano >= since);
      expect(new Set(elsewhere.filter((span) => span.kind === 2).map((span) => span.name))).toEqual(
        new Set(['GET /api/assistant/runs/:runId']),
      );
      expect(elsewhere.filter((span) => /^(invoke_agent|chat |execute_tool )/.test(span.name))).toEqual([]);
    },
  );
});
