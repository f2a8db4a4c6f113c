import {
  defineAPI,
  KitError,
  type AnyAPIDefinition,
  type ApprovalStore,
  type KitContext,
  type RouteKey,
  type ServerSentEvent,
} from '@kit/kit-core';
import {
  isKitAIError,
  KitAIError,
  type Harness,
  type JsonObject,
  type RunEvent,
  type RunHandle,
  type RunRecord,
  type RunTextEvent,
} from '@kit/kit-ai';
import { z } from 'zod';
import { streamRunsOverA2A } from './a2a-run-stream.js';
import { decideAppApproval, heldByAppPolicy } from '../registry-tools/policy-holds.js';
import { runStatusSchema, runView, runViewSchema } from './run-view.js';

/** Options of `harnessRoutes`. */
export interface HarnessRoutesOptions {
  /** Where the routes live. Default `/api/runs`. */
  basePath?: string;
  /** The key of the policy that guards every route (see `definePolicy`); the routes are `read` or `write` by capability. */
  policy?: string;
  /** The resource the routes act on, for policies and introspection. Default `agent-runs`. */
  resource?: string;
  /** How long one event stream stays open before the client is asked to reconnect, in milliseconds. Default 900000 (15 minutes). */
  streamLimitMs?: number;
  /**
   * Who owns the runs a caller starts, from the request's context (`(ctx) => ctx.auth?.subject`): kept as
   * the run's `metadata.owner`, and a caller sees, follows and acts on its own runs only (another's is a
   * 404, as if it did not exist). A caller for whom it returns nothing is refused (403).
   */
  owner?: (ctx: KitContext) => string | undefined;
  /**
   * Serve the routes with neither `policy` nor `owner`, so that anyone who reaches the app may start runs
   * (which spend model tokens) and read every run. For a demo on a closed network; default false.
   */
  allowAnyone?: boolean;
  /**
   * The policy of the route that decides held calls, when it must be stricter than `policy`. A call the
   * app's own `approve` policy held (an agent's tools from `registryAgentTools`) is the app's approval,
   * and deciding it here decides that approval too: give this route the policy of the app's approvals
   * route, so the same people decide wherever they do it. Default `policy`.
   */
  decidePolicy?: string;
  /** Where the app keeps approvals (`KitConfig.approvals.store`). Default: the process's default store, as the app's. */
  approvalStore?: ApprovalStore;
  /** Who decided, as the app's approval records it. Default: the caller's subject. */
  decidedBy?: (ctx: KitContext) => string | undefined;
  /**
   * Whether agents' surfaces (MCP tools, A2A skills) offer the routes; default true. `false` for runs that
   * only the app's own pages start and follow (an `owner` that is always a signed-in person), which an agent
   * would see listed but always be refused.
   */
  agents?: boolean;
}

/** How a harness error reads over HTTP. */
function asHttpError(error: unknown): unknown {
  if (!isKitAIError(error)) return error;
  switch (error.code) {
    case 'run_not_found':
      return new KitError('not_found', error.message, { cause: error });
    case 'run_exists':
    case 'invalid_run_state':
      return new KitError('conflict', error.message, { cause: error });
    case 'invalid_config':
      return new KitError('invalid_input', error.message, { cause: error });
    case 'store_failed':
      return new KitError('service_unavailable', error.message, { cause: error });
    default:
      return error;
  }
}

async function httpCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asHttpError(error);
  }
}

/** A path value, so the route and its OpenAPI name the parameter. */
const runId = z.string().min(1).max(200).describe('The id of the run.');

/** Who started a run, when the request was authenticated, kept in its metadata. */
function startedBy(ctx: KitContext): { startedBy: string } | Record<string, never> {
  return ctx.auth ? { startedBy: ctx.auth.subject } : {};
}

/** The server-sent event of a run event: the sequence number as its id, so a reconnecting client goes on after it. */
function toServerSentEvent(event: RunEvent | RunTextEvent): ServerSentEvent {
  return event.type === 'text' ? { event: 'text', data: event.data } : { id: String(event.sequence), event: event.type, data: event };
}

/** The `after` of a reconnecting client: `Last-Event-ID` wins over the query, as the browser sends it on its own. */
function resumeAfter(lastEventId: string | undefined, after: number | undefined): number {
  if (lastEventId === undefined) return after ?? 0;
  const sequence = Number(lastEventId);
  if (!Number.isSafeInteger(sequence) || sequence < 0) {
    throw new KitError(
      'invalid_input',
      `Last-Event-ID must be the sequence number of an event (a whole number from 0), got ${JSON.stringify(lastEventId)}.`,
    );
  }
  return sequence;
}

/**
 * The HTTP routes of a harness, to spread into an app's `routes`: start, list, read, pause, resume and
 * cancel runs, decide held calls, and follow a run's events as Server-Sent Events. Every route but the
 * event stream is also an MCP tool and an A2A skill of the app, under the same `policy`.
 *
 * Who may use the runs must be said: `policy` (one policy for every route; each is `read` or `write` by
 * capability), `owner` (each run belongs to the caller who started it, and others never see it), or both;
 * `allowAnyone: true` opens them to every caller. Without any of them it is `KitAIError('invalid_config')`.
 *
 * The event stream sends each stored event with its sequence number as the event id and its type as
 * the event name, and the model's text as `text` events (live, without an id) when this process
 * executes the run. A client that reconnects (a browser's `EventSource` does so on its own) sends
 * `Last-Event-ID` and gets exactly the events it missed; a client that goes away does not stop the run.
 * The stream stays open while the run waits for a person, and ends with an `end` event (the run's
 * view) once the run ends; after `streamLimitMs` it closes without one, for the client to reconnect.
 * Over A2A, `SendStreamingMessage` to the start route's skill follows the run as task updates and ends
 * the task as the run ends (`input-required` while it waits for a person); `CancelTask` cancels the run.
 *
 * @example
 * ```ts
 * import { createKitApp } from '@kit/kit-core';
 * import { createHarness, MemoryRunStore, type LLMProvider } from '@kit/kit-ai';
 * import { harnessRoutes } from '@kit/kit-agent';
 *
 * const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: 'Done.', model: 'scripted-1' }) };
 * const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [] } });
 * // A demo on loopback; a real app passes `owner: (ctx) => ctx.auth?.subject` and a policy.
 * const app = createKitApp({ routes: { ...harnessRoutes(harness, { basePath: '/api/runs', allowAnyone: true }) } });
 *
 * const started = await app.fetch(
 *   new Request('http://localhost/api/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ goal: 'Say done.' }) }),
 * );
 * console.log(started.status, started.headers.get('location')); // 201 /api/runs/<id>
 * await harness.close();
 * ```
 */
export function harnessRoutes(harness: Harness, options: HarnessRoutesOptions = {}): Record<RouteKey, AnyAPIDefinition> {
  const base = options.basePath ?? '/api/runs';
  if (!/^\/[A-Za-z0-9._~\-/]*[^/]$/.test(base) || base.includes('//') || base.includes(':')) {
    throw new KitAIError(
      'invalid_config',
      `harnessRoutes: basePath must be a path such as "/api/runs" (starting with "/", no trailing "/", no ":"), got ${JSON.stringify(base)}`,
    );
  }
  const streamLimitMs = options.streamLimitMs ?? 900_000;
  if (!(Number.isSafeInteger(streamLimitMs) && streamLimitMs > 0)) {
    throw new KitAIError(
      'invalid_config',
      `harnessRoutes: streamLimitMs must be a whole number of milliseconds from 1, got ${JSON.stringify(streamLimitMs)}`,
    );
  }
  const { owner } = options;
  if (options.policy === undefined && owner === undefined && options.allowAnyone !== true) {
    throw new KitAIError(
      'invalid_config',
      'harnessRoutes: say who may use the runs: a policy (policy: "<key>"), an owner of each run (owner: (ctx) => ctx.auth?.subject), or both; allowAnyone: true opens them to every caller.',
    );
  }
  /** The owner a caller's runs have, or a 403 for a caller without one. */
  const ownerOf = (ctx: KitContext): string | undefined => {
    if (!owner) return undefined;
    const who = owner(ctx);
    if (typeof who !== 'string' || who === '')
      throw new KitError('forbidden', 'Agent runs belong to the person who started them: sign in first.');
    return who;
  };
  /**
   * The handle of a run the caller may see, and the run as read for the check: another owner's run is
   * "not found", so its existence is not revealed.
   */
  const visibleRun = async (runId: string, ctx: KitContext): Promise<{ handle: RunHandle; record: RunRecord }> => {
    const handle = await harness.get(runId);
    const record = await handle.get();
    const who = ownerOf(ctx);
    if (who !== undefined && record.metadata.owner !== who) {
      throw new KitAIError('run_not_found', `harness: no run "${runId}"; list the runs to see their ids.`);
    }
    return { handle, record };
  };
  const guard = {
    resource: options.resource ?? 'agent-runs',
    ...(options.policy === undefined ? {} : { policy: options.policy }),
    ...(options.agents === undefined ? {} : { agents: options.agents }),
  };
  const control = (action: 'pause' | 'cancel', description: string) =>
    defineAPI({
      ...guard,
      description,
      capability: 'write',
      cache: 'no-store',
      input: z.strictObject({ runId }),
      output: runViewSchema,
      handler: ({ input, ctx }) =>
        httpCall(async () => {
          const { handle } = await visibleRun(input.runId, ctx);
          await handle[action]();
          return runView(await handle.get());
        }),
    });
  const routes: Record<string, AnyAPIDefinition> = {
    [`POST ${base}`]: defineAPI({
      ...guard,
      description: 'Starts an agent run towards a goal; it is recorded at once and executed by this app or its workers.',
      capability: 'write',
      input: z.strictObject({
        goal: z.string().min(1).max(20_000).describe('What the agent should achieve.'),
        metadata: z.record(z.string(), z.unknown()).optional().describe('JSON data kept with the run.'),
      }),
      output: runViewSchema,
      response: { kind: 'created', location: (run) => `${base}/${encodeURIComponent(run.id)}` },
      handler: ({ input, ctx }) =>
        httpCall(async () => {
          const who = ownerOf(ctx);
          const metadata = { ...input.metadata, ...startedBy(ctx), ...(who === undefined ? {} : { owner: who }) };
          const run = await harness.start({ goal: input.goal, metadata: metadata as JsonObject });
          return runView(await run.get());
        }),
    }),
    [`GET ${base}`]: defineAPI({
      ...guard,
      description: 'Lists agent runs, newest first, optionally of some statuses.',
      capability: 'read',
      cache: 'no-store',
      input: z.strictObject({
        status: runStatusSchema.optional().describe('Only runs with this status.'),
        limit: z.coerce.number().int().min(1).max(500).optional().describe('At most this many runs (default 50).'),
        cursor: z.string().max(500).optional().describe('The nextCursor of the page before.'),
      }),
      output: z.object({ runs: z.array(runViewSchema), nextCursor: z.string().optional() }),
      handler: ({ input, ctx }) =>
        httpCall(async () => {
          const who = ownerOf(ctx);
          const page = await harness.list({
            ...(input.status ? { status: input.status } : {}),
            ...(input.limit === undefined ? {} : { limit: input.limit }),
            ...(input.cursor === undefined ? {} : { cursor: input.cursor }),
          });
          // Another owner's runs are left out of the page, which may then hold fewer than `limit`; `nextCursor` goes on.
          const runs = who === undefined ? page.runs : page.runs.filter((run) => run.metadata.owner === who);
          return { runs: runs.map(runView), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
        }),
    }),
    [`GET ${base}/:runId`]: defineAPI({
      ...guard,
      description: 'Reads an agent run: its status, the call it waits on, and its result once it stopped.',
      capability: 'read',
      cache: 'no-store',
      input: z.strictObject({ runId }),
      output: runViewSchema,
      handler: ({ input, ctx }) => httpCall(async () => runView((await visibleRun(input.runId, ctx)).record)),
    }),
    [`POST ${base}/:runId/pause`]: control(
      'pause',
      'Pauses an agent run: at once when it waits to execute, else at its next control point.',
    ),
    [`POST ${base}/:runId/cancel`]: control('cancel', 'Cancels an agent run: at once unless it executes, else at its next control point.'),
    [`POST ${base}/:runId/resume`]: defineAPI({
      ...guard,
      description: 'Sends a paused agent run back to work, with an optional message for the agent.',
      capability: 'write',
      cache: 'no-store',
      input: z.strictObject({ runId, message: z.string().max(20_000).optional().describe('Joins the conversation.') }),
      output: runViewSchema,
      handler: ({ input, ctx }) =>
        httpCall(async () => {
          const { handle } = await visibleRun(input.runId, ctx);
          await handle.resume(input.message);
          return runView(await handle.get());
        }),
    }),
    [`POST ${base}/:runId/approvals/:approvalId`]: defineAPI({
      ...guard,
      ...(options.decidePolicy === undefined ? {} : { policy: options.decidePolicy }),
      description: 'Decides the call an agent run waits on: approved, it runs; denied, the agent is told why.',
      capability: 'write',
      cache: 'no-store',
      input: z.strictObject({
        runId,
        approvalId: z.string().min(1).max(200).describe('The approvalId of the held call.'),
        approved: z.boolean(),
        note: z.string().max(2000).optional().describe('Recorded, and shown to the agent with a denial.'),
      }),
      output: runViewSchema,
      handler: ({ input, ctx }) =>
        httpCall(async () => {
          const { handle, record } = await visibleRun(input.runId, ctx);
          const decision = { approved: input.approved, ...(input.note === undefined ? {} : { note: input.note }) };
          const held = record.pendingApproval;
          // The app's approval first: if it cannot be decided (expired, decided otherwise), the run is left as it is.
          if (held?.approvalId === input.approvalId && heldByAppPolicy(held)) {
            const by = options.decidedBy ? options.decidedBy(ctx) : ctx.auth?.subject;
            await decideAppApproval(input.approvalId, { ...decision, ...(by === undefined ? {} : { by }) }, options.approvalStore);
          }
          await handle.decide(input.approvalId, decision);
          return runView(await handle.get());
        }),
    }),
    [`GET ${base}/:runId/events`]: defineAPI({
      ...guard,
      description:
        "Follows an agent run's events as Server-Sent Events until it ends or waits for a person: each stored event with its sequence number as id, and the model's text as `text` events while it streams.",
      capability: 'read',
      input: z.strictObject({
        runId,
        after: z.coerce.number().int().min(0).optional().describe('Only the events after this sequence number.'),
      }),
      output: z.object({ runId: z.string(), after: z.number().int() }),
      handler: ({ input, ctx }) =>
        httpCall(async () => {
          // Checked before the stream starts, so an unknown run or a bad Last-Event-ID is a problem document, not a broken stream.
          const after = resumeAfter(ctx.request.headers.get('last-event-id') ?? undefined, input.after);
          await visibleRun(input.runId, ctx);
          return { runId: input.runId, after };
        }),
      response: {
        kind: 'event-stream',
        events: async function* (output, { signal }) {
          const run = await harness.get(output.runId);
          // A run may wait days for a person: the stream is let go after a while, and the client reconnects after its last event.
          const bounded = AbortSignal.any([signal, AbortSignal.timeout(streamLimitMs)]);
          for await (const event of run.events({ after: output.after, text: true, signal: bounded })) yield toServerSentEvent(event);
          if (bounded.aborted) return;
          // The run ended: say so, so the client closes instead of reconnecting.
          yield { event: 'end', data: runView(await run.get()) };
        },
      },
    }),
  };
  // An A2A stream of the start route's skill follows the run it started.
  streamRunsOverA2A(routes, harness, { base, streamLimitMs });
  return routes as Record<RouteKey, AnyAPIDefinition>;
}
