import { createKitApp, defineAPI, definePolicy, getApproval, resolveApproval, type KitContext } from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';
import { CallHeldError, createSmartAgent, KitAIError, type LLMProvider } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registryAgentTools } from './registry-agent-tools.js';

const closed: string[] = [];
const agentsAsk = definePolicy({
  key: 'agents-ask',
  title: 'Agents ask before closing',
  effect: 'approve',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'an agent closes a ticket' }),
});

function ticketsApp() {
  return createKitApp({
    policies: [agentsAsk],
    routes: {
      'GET /api/tickets/:id': defineAPI({
        description: 'Reads a ticket.',
        input: z.strictObject({ id: z.string().regex(/^T-\d+$/) }),
        handler: async ({ input, ctx }) => ({ id: input.id, readBy: ctx.auth?.subject ?? 'nobody' }),
      }),
      'POST /api/tickets/:id/close': defineAPI({
        description: 'Closes a ticket.',
        capability: 'write',
        policy: 'agents-ask',
        input: z.strictObject({ id: z.string() }),
        handler: async ({ input }) => {
          closed.push(input.id);
          return { id: input.id, closed: true };
        },
      }),
      'GET /api/tickets/:id/events': defineAPI({
        input: z.strictObject({ id: z.string() }),
        handler: async () => ({}),
        response: { kind: 'event-stream', events: async function* () {} },
      }),
      // For the app's pages only.
      'GET /api/tickets/:id/draft': defineAPI({
        agents: false,
        input: z.strictObject({ id: z.string() }),
        handler: async () => ({}),
      }),
    },
  });
}

/** A person's context with the assistant acting for them. */
const forAda = (): KitContext => ({
  ...contextFor(new Request('http://tickets.test/assistant'), 'agent'),
  auth: { subject: 'user:ada', method: 'session', permissions: [] },
});

describe('registryAgentTools', () => {
  it('offers every route but event streams and those declared agents: false, named and described as the route, reads side by side', () => {
    const tools = registryAgentTools(ticketsApp().registry);
    expect(tools.map((tool) => tool.name)).toEqual(['get_api_tickets_id', 'post_api_tickets_id_close']);
    expect(tools[0]).toMatchObject({ description: 'Reads a ticket.', isConcurrencySafe: true });
    expect(tools[1]?.isConcurrencySafe).toBe(false);
    expect(tools[0]?.parameters).toMatchObject({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
  });

  it('calls through the registry with the given context, so validation and policies apply as over HTTP', async () => {
    const app = ticketsApp();
    const [read, close] = registryAgentTools(app.registry, { context: forAda });
    expect(await read!.execute({ id: 'T-1' })).toEqual({ id: 'T-1', readBy: 'user:ada' });
    await expect(read!.execute({ id: 'nope' })).rejects.toMatchObject({ code: 'invalid_input' });

    // An agent's close is held for a person, like any agent's; approved, the same call goes through.
    const held = await close!.execute({ id: 'T-1' }).catch((error: unknown) => error);
    expect(held).toBeInstanceOf(CallHeldError);
    const { approvalId, heldBy, message } = held as CallHeldError;
    expect(heldBy).toBe('policy:agents-ask');
    expect(message).toContain(`approval ${approvalId}`);
    expect(closed).toEqual([]);
    // The same approval the app's approvals page lists and decides.
    expect(await getApproval(approvalId)).toMatchObject({ status: 'pending', policy: 'agents-ask', requestedBy: { subject: 'user:ada' } });
    await resolveApproval(approvalId, { approved: true, by: 'user:grace' });
    expect(await close!.execute({ id: 'T-1' })).toEqual({ id: 'T-1', closed: true });
    expect(closed).toEqual(['T-1']);
  });

  it('lets a smart agent work with the app and tells the model when a call waits for approval', async () => {
    const replies = ['{"tool": "post_api_tickets_id_close", "arguments": {"id": "T-9"}}', 'Closing T-9 waits for approval.'];
    const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };
    const agent = createSmartAgent({ llm, tools: registryAgentTools(ticketsApp().registry, { context: forAda }) });
    const result = await agent.run('Close T-9');
    expect(result.status).toBe('approval_required');
    expect(result.toolCalls[0]).toMatchObject({ tool: 'post_api_tickets_id_close', status: 'denied' });
    expect(result.pendingApproval).toMatchObject({
      tool: 'post_api_tickets_id_close',
      heldBy: 'policy:agents-ask',
      approvalId: expect.any(String),
    });
    expect(result.pendingApproval?.reason).toMatch(/A person must approve it first/);
  });

  it('refuses a registry or filter of the wrong kind, naming itself', () => {
    expect(() => registryAgentTools(null as never)).toThrow(KitAIError);
    expect(() => registryAgentTools(ticketsApp().registry, { filter: 'read' as never })).toThrow(
      /registryAgentTools: filter must be a function/,
    );
  });
});
