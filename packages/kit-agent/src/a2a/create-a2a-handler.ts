import type { TaskStore } from '@a2a-js/sdk/server';
import { type CapabilityRegistry, type KitContext, type RegisteredRoute } from '@kit/kit-core';
import { contextFor, maxBodyBytes as apiMaxBodyBytes } from '@kit/kit-core/http';
import { KitAIError } from '@kit/kit-ai';
import { generateAgentCard } from './agent-card.js';
import { BoundedTaskStore } from './bounded-task-store.js';
import { checkInput } from './check-input.js';
import { answerJsonRpc, type JsonRpcEndpoint } from './json-rpc-http.js';
import { kitRequestHandler, type PrepareMessage } from './kit-request-handler.js';
import { checkOutputModes } from './output-parts.js';
import { RegistryExecutor, rememberCall } from './registry-executor.js';
import { resolveCall, type SkillSet } from './resolve-call.js';
import { rpcCodes, rpcError } from './rpc-errors.js';
import { loadA2ASdk, type A2ASdk } from './sdk.js';
import { skillRoutes, textField, type A2ASkillFilter } from './skills.js';

/** Default of `maxTasks`. */
export const defaultMaxTasks = 1_000;

/** Options of `createA2AHandler`. */
export interface CreateA2AHandlerOptions {
  /** The app's routes; each one the filter keeps is a skill. */
  readonly registry: CapabilityRegistry;
  /** Which routes are skills; every route when omitted. Pass the same filter to `generateAgentCard`. */
  readonly filter?: A2ASkillFilter;
  /**
   * Operation id of the skill that receives a plain-text message naming no skill (a search, say);
   * its text field is its only required field, a string. Default: the only skill with such a field,
   * if exactly one has one; otherwise plain text must name its skill.
   */
  readonly textSkill?: string;
  /**
   * Tasks kept in memory for `GetTask`, `ListTasks` and `CancelTask`; past it the least recently
   * updated finished task is forgotten first. Default 1 000.
   */
  readonly maxTasks?: number;
  /**
   * Where tasks are kept instead of the built-in memory store, such as the SDK's `DatabaseTaskStore`
   * (`@a2a-js/sdk/server/database`), so that replicas behind a load balancer share them; `maxTasks`
   * then does not apply. The built-in store keeps tasks in this process only, so `GetTask`,
   * `ListTasks`, `CancelTask` and `SubscribeToTask` find a task only on the process that ran it.
   */
  readonly taskStore?: TaskStore;
  /** Largest request body read, in bytes; a larger one gets HTTP 413. Default 65 536, as the JSON API. */
  readonly maxBodyBytes?: number;
}

/**
 * A fetch-style A2A endpoint. Pass it to `app.mount(path, ['POST'], handler)`: the second argument
 * is the kit context of the HTTP request, whose request id the skill calls reuse.
 */
export type A2AHandler = (request: Request, ctx?: KitContext) => Promise<Response>;

/**
 * Answers the A2A JSON-RPC protocol over the registry's routes as skills, on the SDK's own request
 * handler and JSON-RPC transport, without Express, in both versions clients speak on the same
 * endpoint: 1.0 (the version `@a2a-js/sdk` speaks; clients send the header `A2A-Version: 1.0` and
 * call `SendMessage`, `GetTask`, …) and 0.3 (no header; `message/send`, `message/stream`,
 * `tasks/get`, …, translated both ways by the SDK's compatibility layer). `generateAgentCard`
 * announces both. The method names below are 1.0's; each has its 0.3 name, but `ListTasks`, which
 * 0.3 lacks.
 *
 * `SendMessage` runs one skill call as a task. The message names the skill and its input: a data
 * part `{"skill": "get_api_search", "input": {"q": "…"}}` (or the same JSON as text); or the input
 * alone, as a data part or JSON text, with the skill in `message.metadata.skill` (else the request's
 * `metadata.skill`); plain text goes to the named skill's text field (its only required field, a
 * string), or, naming no skill, to `textSkill`; JSON naming no skill goes to the only skill whose
 * schema accepts it. It answers with the task once it has finished, or at once with
 * `configuration.returnImmediately`. `SendStreamingMessage` answers with server-sent events: the
 * task (`submitted`), `working`, the artifact, then `completed`. The artifact holds the route's
 * output as a data part and as JSON text (those `acceptedOutputModes` take). A skill given a stream
 * hook (`streamSkill`; the start route of `harnessRoutes` has one) streams on instead: its task
 * follows the work the call started and ends as it does; `SubscribeToTask` follows such a task again
 * once its stream stopped, and `CancelTask` stops its work too. `GetTask`,
 * `ListTasks`, `CancelTask` and `SubscribeToTask` work on a store of at most `maxTasks` tasks in
 * this process, or on `taskStore`.
 *
 * Every call goes through `CapabilityRegistry.invoke`, with the route's validation and policy, as the
 * caller the app authenticated (pass the app's context as the second argument) or, for anyone else,
 * with `ctx.authType` `agent`. A message whose skill cannot be resolved, or whose input the skill's
 * schema refuses, is a JSON-RPC error -32602 naming the skills or the fields, and no task is
 * created; a route that fails or whose policy refuses ends its task `failed` or `rejected`, with
 * the problem document as a data part of the status message. A call whose policy holds it for a
 * person's approval ends its task `input-required`, the status message naming the approval and its
 * status URL (text) with the 202 body of the HTTP API (`approvalId`, `statusUrl`, …) as a data part;
 * the same call, sent again as a new message once approved, runs. Cancelling a running task ends it
 * `canceled` at once and aborts `ctx.request.signal` of the route. The SDK is loaded on the first
 * request.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { createA2AHandler, generateAgentCard } from '@kit/kit-agent';
 *
 * const app = createKitApp({
 *   routes: {
 *     'GET /api/search': defineAPI({
 *       description: 'Searches the tickets.',
 *       input: z.strictObject({ q: z.string().min(1) }),
 *       output: z.strictObject({ hits: z.array(z.string()) }),
 *       handler: async ({ input }) => ({ hits: [`ticket about ${input.q}`] }),
 *     }),
 *   },
 * });
 * const a2a = createA2AHandler({ registry: app.registry });
 * app.mount('/a2a', ['POST'], a2a);
 * const card = JSON.stringify(
 *   generateAgentCard({ registry: app.registry, name: 'tickets', description: 'Finds tickets.', url: 'http://127.0.0.1:3000/a2a', version: '1.0.0' }),
 * );
 * app.get('/.well-known/agent.json', () => new Response(card, { headers: { 'Content-Type': 'application/json' } }));
 * await app.listen({ port: 3000 });
 * ```
 */
export function createA2AHandler(options: CreateA2AHandlerOptions): A2AHandler {
  const component = 'createA2AHandler';
  const maxTasks = options.maxTasks ?? defaultMaxTasks;
  if (!Number.isSafeInteger(maxTasks) || maxTasks < 1) {
    throw new KitAIError(
      'invalid_config',
      `${component}: maxTasks must be a whole number of tasks, at least 1, got ${String(maxTasks)}; omit it for ${defaultMaxTasks}.`,
    );
  }
  const maxBodyBytes = options.maxBodyBytes ?? apiMaxBodyBytes;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1024) {
    throw new KitAIError(
      'invalid_config',
      `${component}: maxBodyBytes must be a whole number of bytes, at least 1024, got ${String(maxBodyBytes)}; omit it for ${apiMaxBodyBytes}.`,
    );
  }
  const routes = skillRoutes(component, options.registry, options.filter);
  const skills: SkillSet = {
    routes,
    byId: new Map(routes.map((route) => [route.operationId, route])),
    textSkill: chooseTextSkill(component, routes, options.textSkill),
  };

  let ready: Promise<JsonRpcEndpoint> | undefined;
  const endpoint = () => (ready ??= loadA2ASdk().then((sdk) => buildEndpoint(sdk, options, skills, maxTasks, maxBodyBytes)));

  return async (request, ctx) => {
    try {
      // An authenticated caller keeps its identity; anyone else runs as an agent without one.
      const caller = ctx && ctx.authType !== 'anonymous' ? { authType: ctx.authType, ...(ctx.auth ? { auth: ctx.auth } : {}) } : undefined;
      return await answerJsonRpc(request, ctx?.requestId ?? contextFor(request).requestId, await endpoint(), caller);
    } catch {
      // Only a fault of this code lands here; its message is not the client's business.
      return rpcError(null, rpcCodes.internalError, 'Internal error: the agent failed to answer this request.', 500);
    }
  };
}

function buildEndpoint(
  sdk: A2ASdk,
  options: CreateA2AHandlerOptions,
  skills: SkillSet,
  maxTasks: number,
  maxBodyBytes: number,
): JsonRpcEndpoint {
  // The SDK's request handler checks streaming, push notifications and the extended card against a
  // card. This one is never sent to anyone, so its name and URL are
  // placeholders; the published card comes from generateAgentCard.
  const card = generateAgentCard({
    registry: options.registry,
    ...(options.filter ? { filter: options.filter } : {}),
    name: 'kit A2A handler',
    description: 'The card the request handler checks calls against.',
    url: 'http://a2a.invalid/',
    version: '0.0.0',
    describeInput: false,
  });
  const store = options.taskStore ?? new BoundedTaskStore(maxTasks, sdk.errors);
  const buses = new sdk.server.DefaultExecutionEventBusManager();
  const executor = new RegistryExecutor(options.registry, sdk, { store, buses });
  // Every task of this handler ends when its one call does (or, for a streamed skill, when the stream of
  // its work stops), `input-required` (a call waiting for an approval) included, and follow-ups are
  // refused; so no event bus is kept alive for one, which would otherwise stay in memory for good.
  const inner = new sdk.server.DefaultRequestHandler(card, store, executor, buses, undefined, undefined, undefined, undefined, {
    keepBusAliveStates: [],
  });
  const prepare: PrepareMessage = async (params, context) => {
    const taskId = params.message?.taskId;
    if (taskId) {
      // A follow-up to a task: it must exist (TaskNotFoundError otherwise), but a finished skill call
      // takes no further messages.
      await inner.getTask({ tenant: params.tenant, id: taskId, historyLength: 0 }, context);
      throw new sdk.errors.UnsupportedOperationError(
        `Task ${taskId.slice(0, 100)} has already run its skill call; send a new message without taskId (reuse its contextId to group calls).`,
      );
    }
    // The SDK only warns about a reference it cannot find, once per id; a client learns nothing and
    // the log fills up, so an unknown reference is refused instead.
    for (const reference of params.message?.referenceTaskIds ?? []) {
      try {
        await inner.getTask({ tenant: params.tenant, id: reference, historyLength: 0 }, context);
      } catch {
        throw new sdk.errors.TaskNotFoundError(
          `referenceTaskIds names task ${JSON.stringify(reference.slice(0, 100))}, which this agent does not have${options.taskStore ? '' : ` (it keeps the last ${maxTasks} tasks)`}; remove it.`,
        );
      }
    }
    const call = resolveCall(params, skills, sdk.errors);
    checkInput(call, sdk.errors);
    checkOutputModes(params.configuration?.acceptedOutputModes ?? [], sdk.errors);
    rememberCall(context, call);
  };
  const handler = kitRequestHandler(inner, prepare, executor);
  return {
    sdk,
    transport: new sdk.server.JsonRpcTransportHandler(handler),
    legacyTransport: new sdk.legacy.LegacyJsonRpcTransportHandler(handler),
    maxBodyBytes,
  };
}

function chooseTextSkill(
  component: string,
  routes: readonly RegisteredRoute[],
  textSkill: string | undefined,
): RegisteredRoute | undefined {
  if (textSkill === undefined) {
    const withText = routes.filter((route) => textField(route) !== undefined);
    return withText.length === 1 ? withText[0] : undefined;
  }
  const route = routes.find((candidate) => candidate.operationId === textSkill);
  if (!route) {
    throw new KitAIError(
      'invalid_config',
      `${component}: textSkill ${JSON.stringify(textSkill.slice(0, 100))} is not a skill; use one of ${routes.map((candidate) => candidate.operationId).join(', ')}.`,
    );
  }
  if (textField(route) === undefined) {
    throw new KitAIError(
      'invalid_config',
      `${component}: textSkill ${textSkill} has no text field (its only required input field must be a string); choose a skill such as a search, or omit textSkill.`,
    );
  }
  return route;
}
