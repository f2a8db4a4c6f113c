import { createKitApp, defineAPI, definePolicy, KitError, type CapabilityRegistry } from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';
import { isKitAIError } from '@kit/kit-ai';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { ToolInputParsingException, type DynamicStructuredTool } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toLangChainTools, type LangChainRoute } from './to-langchain-tools.js';

/** A chat model that answers from a script and records what it was sent and which tools were bound. */
class ScriptedChatModel extends BaseChatModel {
  readonly seen: BaseMessage[][] = [];
  boundTools: ReturnType<typeof convertToOpenAITool>[] = [];
  readonly #replies: AIMessage[];

  constructor(replies: AIMessage[]) {
    super({});
    this.#replies = [...replies];
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: DynamicStructuredTool[]): this {
    this.boundTools = tools.map((tool) => convertToOpenAITool(tool));
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push([...messages]);
    const reply = this.#replies.shift();
    if (!reply) throw new Error('scripted: no more replies');
    return { generations: [{ text: typeof reply.content === 'string' ? reply.content : '', message: reply }] };
  }
}

/**
 * A tool-calling agent loop as LangChain's own agents run it: the model answers, each tool call is
 * invoked with the ToolCall, a thrown error becomes an error ToolMessage, until a reply has no call.
 */
async function runAgent(
  model: ScriptedChatModel,
  tools: DynamicStructuredTool[],
  question: string,
): Promise<{ answer: string; messages: BaseMessage[] }> {
  const bound = model.bindTools(tools);
  const messages: BaseMessage[] = [new HumanMessage(question)];
  for (let turn = 0; turn < 5; turn += 1) {
    const reply = (await bound.invoke(messages)) as AIMessage;
    messages.push(reply);
    if (!reply.tool_calls?.length) return { answer: String(reply.content), messages };
    for (const call of reply.tool_calls) {
      const tool = tools.find((candidate) => candidate.name === call.name)!;
      try {
        messages.push((await tool.invoke({ ...call, type: 'tool_call' })) as ToolMessage);
      } catch (error) {
        messages.push(
          new ToolMessage({ status: 'error', content: `Error: ${(error as Error).message}`, tool_call_id: call.id!, name: call.name }),
        );
      }
    }
  }
  throw new Error('the agent did not finish in 5 turns');
}

let registry: CapabilityRegistry;
const cancelled: string[] = [];

beforeAll(() => {
  const app = createKitApp({
    policies: [
      definePolicy({
        key: 'humans-only',
        title: 'Only people may cancel',
        effect: 'deny',
        check: async ({ ctx }) => ({ applies: ctx.authType !== 'human', reason: 'only a person may cancel an order' }),
      }),
    ],
    routes: {
      'GET /api/orders': defineAPI({
        description: 'Lists recent orders of a customer.',
        capability: 'read',
        input: z.strictObject({ customer: z.string().min(1), limit: z.number().int().min(1).max(10).default(2) }),
        output: z.strictObject({ ids: z.array(z.string()) }),
        handler: async ({ input }) => ({
          ids: [`${input.customer}-1`, `${input.customer}-2`, `${input.customer}-3`].slice(0, input.limit),
        }),
      }),
      'POST /api/orders/cancel': defineAPI({
        description: 'Cancels an order.',
        capability: 'write',
        policy: 'humans-only',
        input: z.strictObject({ id: z.string().refine((id) => id.includes('-'), { message: 'must look like "<customer>-<n>"' }) }),
        handler: async ({ input }) => {
          cancelled.push(input.id);
          return { canceled: input.id };
        },
      }),
      'GET /api/rates': defineAPI({ capability: 'external', handler: async () => undefined }),
      'GET /api/broken': defineAPI({
        description: 'Always fails.',
        handler: async () => {
          throw new Error('database password is hunter2');
        },
      }),
      'GET /api/missing': defineAPI({
        description: 'Never finds anything.',
        handler: async () => {
          throw new KitError('not_found', 'No order "x"; list the orders with get_api_orders.');
        },
      }),
    },
  });
  registry = app.registry;
});

describe('toLangChainTools', () => {
  it('makes one structured tool per route, named by its operation id, with its description and input schema', async () => {
    const tools = await toLangChainTools(registry);
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_api_orders',
      'post_api_orders_cancel',
      'get_api_rates',
      'get_api_broken',
      'get_api_missing',
    ]);
    expect(tools[0]!.description).toBe('Lists recent orders of a customer.');
    expect(tools[2]!.description).toBe('GET /api/rates');
    expect(tools[0]!.schema).toEqual({
      type: 'object',
      properties: { customer: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, maximum: 10, default: 2 } },
      required: ['customer'],
      additionalProperties: false,
    });
    expect(tools[1]!.metadata).toEqual({
      operationId: 'post_api_orders_cancel',
      method: 'POST',
      path: '/api/orders/cancel',
      capability: 'write',
    });
  });

  it('gives filter each route with its capability, method, path and description', async () => {
    const seen: LangChainRoute[] = [];
    const tools = await toLangChainTools(registry, {
      filter: (route) => {
        seen.push(route);
        return route.capability === 'read';
      },
    });
    expect(tools.map((tool) => tool.name)).toEqual(['get_api_orders', 'get_api_broken', 'get_api_missing']);
    expect(seen.map((route) => [route.operationId, route.capability, route.method, route.path, route.description])).toEqual([
      ['get_api_orders', 'read', 'GET', '/api/orders', 'Lists recent orders of a customer.'],
      ['post_api_orders_cancel', 'write', 'POST', '/api/orders/cancel', 'Cancels an order.'],
      ['get_api_rates', 'external', 'GET', '/api/rates', undefined],
      ['get_api_broken', 'read', 'GET', '/api/broken', 'Always fails.'],
      ['get_api_missing', 'read', 'GET', '/api/missing', 'Never finds anything.'],
    ]);
  });

  it('runs in a LangChain agent loop: the model calls a kit route and answers from its JSON result', async () => {
    const tools = await toLangChainTools(registry, { filter: (route) => route.capability === 'read' });
    const model = new ScriptedChatModel([
      new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'get_api_orders', args: { customer: 'ada' } }] }),
      new AIMessage('Ada has orders ada-1 and ada-2.'),
    ]);
    const { answer, messages } = await runAgent(model, tools, 'Which orders does Ada have?');
    expect(answer).toBe('Ada has orders ada-1 and ada-2.');
    expect(model.boundTools.map((tool) => tool.function.name)).toEqual(['get_api_orders', 'get_api_broken', 'get_api_missing']);
    expect(model.boundTools[0]!.function.parameters).toMatchObject({ required: ['customer'] });
    const result = model.seen[1]!.at(-1) as ToolMessage;
    expect(result).toBeInstanceOf(ToolMessage);
    expect(result).toMatchObject({
      tool_call_id: 'call_1',
      name: 'get_api_orders',
      status: 'success',
      content: '{"ids":["ada-1","ada-2"]}',
    });
    expect(messages).toHaveLength(4);
  });

  it('returns a plain JSON string when invoked with arguments rather than a ToolCall', async () => {
    const [orders] = await toLangChainTools(registry, { filter: (route) => route.operationId === 'get_api_orders' });
    expect(await orders!.invoke({ customer: 'bo', limit: 1 })).toBe('{"ids":["bo-1"]}');
    const [rates] = await toLangChainTools(registry, { filter: (route) => route.operationId === 'get_api_rates' });
    expect(await rates!.invoke({})).toBe('null');
  });

  it("throws LangChain's ToolInputParsingException for arguments its schema or the route refuses", async () => {
    const [orders, cancel] = await toLangChainTools(registry, { filter: (route) => route.path.startsWith('/api/orders') });
    // LangChain's own check against the JSON Schema.
    await expect(orders!.invoke({ customer: 'ada', extra: true })).rejects.toBeInstanceOf(ToolInputParsingException);
    // The route's check, for what JSON Schema cannot say.
    const error = await cancel!.invoke({ id: 'nodash' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolInputParsingException);
    expect((error as Error).message).toBe('Invalid input: id must look like "<customer>-<n>".');
    expect((error as ToolInputParsingException).output).toBe('{"id":"nodash"}');
    expect((error as Error).cause).toBeInstanceOf(KitError);
  });

  it("enforces the route's policy, and throws the KitError that names it", async () => {
    const [cancel] = await toLangChainTools(registry, { filter: (route) => route.operationId === 'post_api_orders_cancel' });
    const error = await cancel!.invoke({ id: 'ada-1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KitError);
    expect(error).toMatchObject({
      code: 'forbidden',
      message: 'Policy "humans-only" denies this call: only a person may cancel an order.',
    });
    expect(cancelled).toEqual([]);
  });

  it('runs calls with the context the option gives, so a policy can let a person through', async () => {
    const [cancel] = await toLangChainTools(registry, {
      filter: (route) => route.operationId === 'post_api_orders_cancel',
      context: (route, config) =>
        contextFor(new Request(`http://internal${route.path}`), config?.configurable?.authType === 'human' ? 'human' : 'agent'),
    });
    expect(await cancel!.invoke({ id: 'ada-1' }, { configurable: { authType: 'human' } })).toBe('{"canceled":"ada-1"}');
    expect(cancelled).toEqual(['ada-1']);
  });

  it("hides a handler's unexpected error behind an internal KitError, keeping it as the cause", async () => {
    const [broken] = await toLangChainTools(registry, { filter: (route) => route.operationId === 'get_api_broken' });
    const error = await broken!.invoke({}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'internal',
      message: "The route get_api_broken failed unexpectedly; the original error is this error's cause.",
    });
    expect(((error as Error).cause as Error).message).toBe('database password is hunter2');
  });

  it('lets the model read every error of a loop and correct its call', async () => {
    const tools = await toLangChainTools(registry);
    const model = new ScriptedChatModel([
      new AIMessage({
        content: '',
        tool_calls: [
          { id: 'c1', name: 'get_api_missing', args: {} },
          { id: 'c2', name: 'post_api_orders_cancel', args: { id: 'ada-2' } },
          { id: 'c3', name: 'get_api_orders', args: {} },
        ],
      }),
      new AIMessage({ content: '', tool_calls: [{ id: 'c4', name: 'get_api_orders', args: { customer: 'cy', limit: 1 } }] }),
      new AIMessage('Cy has cy-1; I may not cancel orders.'),
    ]);
    const { answer } = await runAgent(model, tools, 'Cancel ada-2 and list the orders.');
    expect(answer).toBe('Cy has cy-1; I may not cancel orders.');
    const results = model.seen[1]!.slice(-3) as ToolMessage[];
    expect(results.map((message) => [message.tool_call_id, message.status])).toEqual([
      ['c1', 'error'],
      ['c2', 'error'],
      ['c3', 'error'],
    ]);
    expect(results[0]!.content).toBe('Error: No order "x"; list the orders with get_api_orders.');
    expect(results[1]!.content).toBe('Error: Policy "humans-only" denies this call: only a person may cancel an order.');
    expect(results[2]!.content).toBe('Error: Received tool input did not match expected schema');
    expect((model.seen[2]!.at(-1) as ToolMessage).content).toBe('{"ids":["cy-1"]}');
    expect(cancelled).toEqual(['ada-1']);
  });

  it('refuses a registry or filter it cannot use', async () => {
    const error = await toLangChainTools({} as CapabilityRegistry).catch((caught: unknown) => caught);
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
    expect((error as Error).message).toBe(
      'toLangChainTools: registry must be a CapabilityRegistry (app.registry of createKitApp), got object',
    );
    const filter = await toLangChainTools(registry, { filter: 'read' as never }).catch((caught: unknown) => caught);
    expect((filter as Error).message).toBe('toLangChainTools: filter must be a function of a route returning true to keep it, got string');
  });
});
