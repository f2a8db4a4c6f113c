/**
 * useAgentChat, useRun and RunTranscript in Chromium, on the fixture app's /runs page, against
 * harnessRoutes over a harness whose scripted model streams its replies step by step as the test lets
 * it: a person starts a run, watches its text arrive, loses the network while the run goes on, gets
 * every event once after it comes back, approves the held call from the keyboard, reads the answer,
 * cancels another run, and pauses a third to go on with a follow-up message.
 */
import { harnessRoutes } from '@kit/kit-agent';
import { createHarness, MemoryRunStore, type AgentTool, type Harness, type LLMProvider, type LLMStreamChunk } from '@kit/kit-ai';
import type { Locator, Page, Request as BrowserRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, severeAxeViolations, type TestBrowser } from '../../../../test-support/browser.js';
import { openFixtureBrowser, type FixtureBrowser } from '../testing/fixture-browser.js';
import type { PageServer } from '../testing/page-server.js';

/** A step of the scripted run that waits until the test opens it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const gates = { listening: gate(), more: gate(), hold: gate(), finish: gate(), step: gate(), plan: gate() };

/**
 * The model: for a ticket it writes "Looking up T-7." in two pieces and asks to close the ticket, then
 * answers in pieces once the call ran; asked to count, it says so and calls a tool that takes a while.
 */
function scriptedModel(): LLMProvider {
  return {
    name: 'scripted',
    chat: () => Promise.reject(new Error('streams only')),
    async *stream(messages): AsyncIterable<LLMStreamChunk> {
      const goal = messages.find((message) => message.role === 'user')?.content ?? '';
      const replied = messages.some((message) => message.role === 'assistant');
      if (goal.includes('Plan')) {
        const goOn = messages.some((message) => message.role === 'user' && message.content.includes('Go on'));
        if (goOn) yield { type: 'text', text: 'Planned, as asked.' };
        else {
          yield { type: 'text', text: 'Planning…' };
          yield { type: 'tool_call', toolCall: { id: 'call-plan', name: 'wait_plan', arguments: {} } };
        }
      } else if (goal.includes('Count')) {
        yield { type: 'text', text: 'Counting…' };
        yield { type: 'tool_call', toolCall: { id: 'call-step', name: 'wait_step', arguments: {} } };
      } else if (!replied) {
        // Streamed text is live only: the first piece waits until the page follows the run.
        await gates.listening.opened;
        yield { type: 'text', text: 'Looking ' };
        await gates.more.opened;
        yield { type: 'text', text: 'up T-7.' };
        await gates.hold.opened;
        yield { type: 'tool_call', toolCall: { id: 'call-close', name: 'close_ticket', arguments: { id: 'T-7' } } };
      } else {
        yield { type: 'text', text: 'Ticket ' };
        await gates.finish.opened;
        yield { type: 'text', text: 'T-7 ' };
        yield { type: 'text', text: 'is closed.' };
      }
      yield { type: 'done', model: 'scripted-1' };
    },
  };
}

const tools: AgentTool[] = [
  {
    name: 'close_ticket',
    description: 'Closes a ticket',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    execute: async ({ id }) => ({ id, closed: true }),
  },
  {
    name: 'wait_step',
    description: 'Waits for the next step',
    parameters: { type: 'object', properties: {} },
    execute: async () => (await gates.step.opened, { waited: true }),
  },
  {
    name: 'wait_plan',
    description: 'Waits for the plan',
    parameters: { type: 'object', properties: {} },
    execute: async () => (await gates.plan.opened, { planned: true }),
  },
];

/** Long enough for the browser's own reconnect (about 3 s in Chromium). */
const eventually = { timeout: 15_000, interval: 50 };

describe.runIf(browserAvailable())('useAgentChat, useRun and RunTranscript in Chromium', () => {
  const store = new MemoryRunStore();
  let harness: Harness;
  let fixture: FixtureBrowser;
  let server: PageServer;
  let browser: TestBrowser;
  let page: Page;
  let problems: string[];
  const streams: BrowserRequest[] = [];

  beforeAll(async () => {
    harness = createHarness({ store, agent: { llm: scriptedModel(), tools }, requireApproval: ['close_ticket'] });
    fixture = await openFixtureBrowser({
      // A demo on loopback: anyone may use the runs.
      api: harnessRoutes(harness, { allowAnyone: true }),
      // The browser's own reports of the stream the outage cuts and of its reconnects while offline.
      expectedErrors: /net::ERR_(INTERNET_DISCONNECTED|INCOMPLETE_CHUNKED_ENCODING)/,
    });
    ({ server, browser, page, problems } = fixture);
    page.on('request', (request) => {
      if (request.url().endsWith('/events') && request.method() === 'GET') streams.push(request);
    });
  });

  afterAll(async () => {
    for (const each of Object.values(gates)) each.open();
    await fixture?.close();
    await harness?.close();
  });

  const transcript = () => page.getByRole('region', { name: 'Agent run' });
  const live = () => transcript().locator('[aria-live="polite"]').textContent();
  const connection = () => transcript().getByRole('status').textContent();
  const runStatus = () => transcript().locator('.kit-run-status').textContent();
  const toolCalls = () => transcript().getByRole('list', { name: 'Tool calls' }).textContent();
  const turns = () => page.locator('#turns > li').allTextContents();
  const shownSequences = () =>
    page.locator('#stored-events > li').evaluateAll((items) => items.map((item) => Number(item.dataset.sequence)));
  const storedSequences = async (runId: string) => (await store.readEvents(runId)).map((event) => event.sequence);
  /** The name of the focused element: its label, the text it is labelled by, or its text. */
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      const labelledBy = element?.getAttribute('aria-labelledby');
      if (labelledBy) return document.getElementById(labelledBy)?.textContent ?? '';
      return element?.getAttribute('aria-label') ?? element?.textContent ?? '';
    });

  /** Clicks, and resolves with the answer to the request the click made to a URL ending in `path`. */
  async function clickFor(target: Locator, path: string) {
    const answered = page.waitForResponse((response) => response.url().endsWith(path) && response.request().method() === 'POST');
    await target.click();
    return answered;
  }

  /** Sends a message from the form and resolves with the id of the run it started. */
  async function start(message: string): Promise<string> {
    await page.getByLabel('Message').fill(message);
    const response = await clickFor(page.getByRole('button', { name: 'Send' }), '/api/runs');
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('streams a run, keeps every event once through a dropped network, and takes an approval from the keyboard', async () => {
    await page.goto(`${server.url}/runs`);
    // Hydrated once React handles the form's input.
    await page.waitForFunction(() => Object.keys(document.getElementById('message') ?? {}).some((key) => key.startsWith('__reactProps')));
    const runId = await start('Close ticket T-7');
    await expect.poll(connection, eventually).toBe('Connection: Live');
    gates.listening.open();

    // The text arrives piece by piece, in the polite live region.
    await expect.poll(live, eventually).toBe('Looking ');
    expect(await turns()).toEqual(['You: Close ticket T-7', 'Agent: Looking ']);
    gates.more.open();
    await expect.poll(live, eventually).toBe('Looking up T-7.');

    // The network goes down (offline, and the open stream cut), and the run goes on meanwhile: it replies and holds the call.
    const seenBefore = await shownSequences();
    await browser.context.setOffline(true);
    server.dropConnections();
    await expect.poll(connection, eventually).toBe('Connection: Reconnecting…');
    gates.hold.open();
    await expect.poll(async () => (await (await harness.get(runId)).get()).status, eventually).toBe('approval_required');
    expect(await shownSequences()).toEqual(seenBefore);

    // Back online, the browser reconnects after the last event it had and gets what it missed, once.
    await browser.context.setOffline(false);
    const approval = page.getByRole('group', { name: 'Approval needed: close_ticket' });
    await approval.waitFor(eventually);
    await expect.poll(connection, eventually).toBe('Connection: Live');
    expect(await shownSequences()).toEqual(await storedSequences(runId));
    const resumed = streams.at(-1)!;
    expect((await resumed.allHeaders())['last-event-id']).toBe(String(seenBefore.at(-1)));
    expect(await approval.getByText('"id": "T-7"').count()).toBe(1);

    // The held call took the focus: Tab to Approve (past the note), Enter.
    expect(await focused()).toBe('Approval needed: close_ticket');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Checked with the customer');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Approve');
    const decided = page.waitForResponse((response) => response.url().includes('/approvals/'));
    await page.keyboard.press('Enter');
    expect((await decided).status()).toBe(200);

    // The call runs, and the answer streams in.
    await expect.poll(live, eventually).toBe('Ticket ');
    expect(await toolCalls()).toBe('close_ticket: done');
    // The decided call is gone, and the focus stayed in the transcript rather than falling back to the page.
    expect(await approval.count()).toBe(0);
    expect(await focused()).toBe('Agent run');
    gates.finish.open();
    await expect.poll(live, eventually).toBe('Ticket T-7 is closed.');
    await expect.poll(connection, eventually).toBe('Connection: Closed');
    expect(await runStatus()).toBe('Status: Completed');
    expect(await transcript().getByRole('button', { name: 'Cancel run' }).count()).toBe(0);

    const events = await store.readEvents(runId);
    expect(await shownSequences()).toEqual(events.map((event) => event.sequence));
    expect(events.find((event) => event.type === 'approval_decided')?.data).toMatchObject({
      approved: true,
      note: 'Checked with the customer',
    });
    expect(await turns()).toEqual(['You: Close ticket T-7', 'Agent: Looking up T-7.\n\nTicket T-7 is closed. [close_ticket: success]']);
    expect(await severeAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('cancels the next run while its tool works, keeping the conversation before it', async () => {
    const runId = await start('Count slowly');
    await expect.poll(toolCalls, eventually).toBe('wait_step: running…');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);

    expect((await clickFor(transcript().getByRole('button', { name: 'Cancel run' }), `/${runId}/cancel`)).status()).toBe(200);
    await expect.poll(runStatus, eventually).toBe('Status: Running (cancel requested)');
    // The run stops at its next control point, once the tool is done.
    gates.step.open();
    await expect.poll(runStatus, eventually).toBe('Status: Canceled');
    await expect.poll(connection, eventually).toBe('Connection: Closed');
    expect(await transcript().getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    expect(await focused()).toBe('Agent run');
    expect((await (await harness.get(runId)).get()).status).toBe('canceled');
    expect(await shownSequences()).toEqual(await storedSequences(runId));
    expect(await turns()).toEqual([
      'You: Close ticket T-7',
      'Agent: Looking up T-7.\n\nTicket T-7 is closed. [close_ticket: success]',
      'You: Count slowly',
      'Agent: Counting… [wait_step: success]',
    ]);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
    expect(await severeAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('pauses a run, and a follow-up message resumes it rather than starting another', async () => {
    const runId = await start('Plan the week');
    await expect.poll(toolCalls, eventually).toBe('wait_plan: running…');
    expect((await clickFor(page.getByRole('button', { name: 'Pause run' }), `/${runId}/pause`)).status()).toBe(200);
    gates.plan.open();
    await expect.poll(runStatus, eventually).toBe('Status: Paused');
    // Held, not ended: the stream stays open for what comes next.
    expect(await connection()).toBe('Connection: Live');

    await page.getByLabel('Message').fill('Go on');
    expect((await clickFor(page.getByRole('button', { name: 'Send' }), `/${runId}/resume`)).status()).toBe(200);
    await expect.poll(live, eventually).toBe('Planned, as asked.');
    await expect.poll(runStatus, eventually).toBe('Status: Completed');
    expect(await shownSequences()).toEqual(await storedSequences(runId));
    expect((await turns()).slice(4)).toEqual([
      'You: Plan the week',
      'Agent: Planning… [wait_plan: success]',
      'You: Go on',
      'Agent: Planned, as asked.',
    ]);
    expect((await harness.list()).runs.filter((run) => run.goal === 'Plan the week')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('shows a run that ended to someone who opens it later, and why a run cannot be followed', async () => {
    const [ticket] = (await harness.list()).runs.filter((run) => run.goal === 'Close ticket T-7');
    await page.goto(`${server.url}/runs?follow=${ticket!.id}`);
    const followed = page.getByRole('region', { name: 'Followed run' });
    await expect.poll(() => followed.getByRole('status').textContent(), eventually).toBe('Connection: Closed');
    expect(await followed.locator('[aria-live="polite"]').textContent()).toBe('Ticket T-7 is closed.');
    expect(await followed.locator('.kit-run-status').textContent()).toBe('Status: Completed');
    expect(await page.locator('#followed-events').textContent()).toBe((await storedSequences(ticket!.id)).join(','));

    await page.goto(`${server.url}/runs?follow=no-such-run`);
    const missing = page.getByRole('region', { name: 'Followed run' });
    await expect.poll(() => missing.getByRole('alert').textContent(), eventually).toMatch(/no run "no-such-run"/);
    expect(await missing.getByRole('status').textContent()).toBe('Connection: Closed');
    // The browser logs its two 404s (the stream, and the read of the run that says why); the page nothing else.
    expect(problems).toEqual(Array(2).fill('error: Failed to load resource: the server responded with a status of 404 (Not Found)'));
  });
});
