import { clearApprovals, type KitApp } from '@kit/kit-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistantRuns } from '../app/lib/assistant.js';
import { startModelServer, type ModelServer } from './model-server.js';
import { call, signUp, testApp } from './support.js';

let app: KitApp;
let model: ModelServer;
let admin: string;
let member: string;
beforeAll(async () => {
  model = await startModelServer();
  process.env.OPENAI_BASE_URL = model.baseUrl;
  process.env.ASSISTANT_MODEL = 'scripted';
  app = await testApp();
  admin = await signUp(app, 'Ada', 'ada@example.com');
  member = await signUp(app, 'Grace', 'grace@example.com');
});
afterAll(async () => {
  await assistantRuns().close();
  await model.close();
});
beforeEach(() => clearApprovals());

async function openTicket(cookie: string, title: string): Promise<string> {
  const opened = await call(app, 'POST', '/api/tickets', { cookie }, { title, priority: 'low' });
  return ((await opened.json()) as { id: string }).id;
}

/** Starts the assistant on a ticket as the person with `cookie`, and waits until its run stops. */
async function askAssistant(cookie: string, ticketId: string, request: string): Promise<{ id: string; status: string }> {
  const started = await call(app, 'POST', '/api/assistant/runs', { cookie }, { goal: `Ticket ${ticketId}: ${request}`, metadata: { ticketId } });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: string };
  const stopped = await (await assistantRuns().get(id)).wait({ timeoutMs: 10_000 });
  return { id, status: stopped.status };
}

/** A run that reads the ticket and asks to close it. */
function closingScript(ticketId: string) {
  model.script([
    { call: 'get_api_tickets_id', arguments: { id: ticketId } },
    { call: 'post_api_tickets_id_close', arguments: { id: ticketId, resolution: 'The printer was replaced.' } },
    { text: 'The ticket is closed: the printer was replaced.' },
  ]);
}

describe('the ticket assistant', () => {
  it('says whether it has a model', async () => {
    expect(await (await call(app, 'GET', '/api/assistant', { cookie: member })).json()).toEqual({ ready: true, model: 'scripted' });
  });

  it('suggests a priority and a reply through the app API, streamed from the model', async () => {
    const id = await openTicket(member, 'Printer jams on page two');
    model.script([
      { call: 'get_api_tickets_id', arguments: { id } },
      { text: 'Priority: normal, one printer is affected. Reply: we are on it and will replace the roller today.' },
    ]);
    const run = await askAssistant(member, id, 'Suggest a priority and a reply to the requester.');
    expect(run.status).toBe('completed');
    const view = (await (await call(app, 'GET', `/api/assistant/runs/${run.id}`, { cookie: member })).json()) as { result: { answer: unknown } };
    expect(JSON.stringify(view)).toContain('Priority: normal');
    // The model was given the ticket as the app's route answered it.
    expect(JSON.stringify(model.requests.at(-1))).toContain('Printer jams on page two');
    // Another person does not see the run.
    expect((await call(app, 'GET', `/api/assistant/runs/${run.id}`, { cookie: admin })).status).toBe(404);
  });

  it("closes a ticket only once an admin approved, on the run itself, the same approval as any agent's", async () => {
    const id = await openTicket(admin, 'Printer on the third floor is broken');
    closingScript(id);
    const run = await askAssistant(admin, id, 'It was replaced yesterday; close it.');
    expect(run.status).toBe('approval_required');
    const pending = (await (await call(app, 'GET', '/api/approvals', { cookie: admin })).json()) as { items: { id: string; requestedBy: string }[] };
    expect(pending.items).toEqual([expect.objectContaining({ requestedBy: 'assistant for Ada' })]);
    const approvalId = pending.items[0]!.id;
    expect((await (await call(app, 'GET', `/api/tickets/${id}`, { cookie: admin })).json()) as { status: string }).toMatchObject({ status: 'open' });

    const decided = await call(app, 'POST', `/api/assistant/runs/${run.id}/approvals/${approvalId}`, { cookie: admin }, { approved: true });
    expect(decided.status).toBe(200);
    expect((await (await assistantRuns().get(run.id)).wait({ timeoutMs: 10_000 })).status).toBe('completed');
    expect((await (await call(app, 'GET', `/api/tickets/${id}`, { cookie: admin })).json()) as { status: string }).toMatchObject({ status: 'closed', resolution: 'The printer was replaced.' });
  });

  it("goes on when an admin decides on the approvals page; a member can't decide on the run", async () => {
    const id = await openTicket(member, 'Monitor flickers');
    closingScript(id);
    const run = await askAssistant(member, id, 'Close it, the cable was changed.');
    expect(run.status).toBe('approval_required');
    const view = (await (await call(app, 'GET', `/api/assistant/runs/${run.id}`, { cookie: member })).json()) as { pendingApproval: { approvalId: string } };
    const { approvalId } = view.pendingApproval;
    expect((await call(app, 'POST', `/api/assistant/runs/${run.id}/approvals/${approvalId}`, { cookie: member }, { approved: true })).status).toBe(403);

    expect((await call(app, 'POST', `/api/approvals/${approvalId}/decision`, { cookie: admin }, { approved: true })).status).toBe(200);
    expect((await (await assistantRuns().get(run.id)).wait({ timeoutMs: 10_000 })).status).toBe('completed');
    expect((await (await call(app, 'GET', `/api/tickets/${id}`, { cookie: member })).json()) as { status: string }).toMatchObject({ status: 'closed' });
  });

  it('says how to configure a model when it has none, and a run started anyway fails saying so', async () => {
    const saved = process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_BASE_URL;
    try {
      const setup = (await (await call(app, 'GET', '/api/assistant', { cookie: member })).json()) as { ready: boolean; howToConfigure: string };
      expect(setup.ready).toBe(false);
      expect(setup.howToConfigure).toContain('OPENAI_BASE_URL');
      const run = await askAssistant(member, await openTicket(member, 'Keyboard missing a key'), 'Suggest a priority.');
      expect(run.status).toBe('fatal');
      expect(JSON.stringify(await (await assistantRuns().get(run.id)).get())).toContain('The assistant has no model yet');
    } finally {
      process.env.OPENAI_BASE_URL = saved;
    }
  });
});
