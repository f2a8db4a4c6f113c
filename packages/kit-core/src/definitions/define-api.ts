import type { z } from 'zod';
import type { KitContext } from './context.js';

/** What a route does to the world: reads, writes, or calls something outside the app. */
export type Capability = 'read' | 'write' | 'external';

/** One event of a `text/event-stream` answer. */
export interface ServerSentEvent {
  /** Sent as `id:`; a client that reconnects sends the last one it got as `Last-Event-ID`. No line breaks. */
  readonly id?: string;
  /** Sent as `event:`; without it the browser's `EventSource` fires `message`. No line breaks. */
  readonly event?: string;
  /** Sent as one `data:` line of JSON. */
  readonly data: unknown;
}

/** What the `events` of an event-stream route get besides the output. */
export interface EventStreamContext {
  /** The `Last-Event-ID` header of a client that reconnects: the id of the last event it got. */
  readonly lastEventId: string | undefined;
  /** Aborted when the client goes away: stop producing. */
  readonly signal: AbortSignal;
  readonly ctx: KitContext;
}

/**
 * How a route's HTTP answer is shaped beyond a JSON body of the validated output. The default (no
 * `response`) is a 200 with an `ETag` (see `cache`).
 *
 * - `{ kind: 'created', location }` is for a call that makes a resource: 201 with `Location` set to the
 *   URL `location` gives for the output (a path such as `/api/tickets/t_1`, or an absolute URL; no
 *   `Location` without it), `Cache-Control: no-store` and no `ETag`. MCP and A2A callers get the output
 *   as their tool result.
 * - `{ kind: 'event-stream', events }` answers with Server-Sent Events: the handler runs first (input
 *   checked, policies applied, a 404 problem for what does not exist), then `events` turns its validated
 *   output into the events to send, as they come. A comment line keeps a silent stream open every
 *   `heartbeatMs` (default 15000); an error after the first byte is sent as a last `error` event holding the
 *   problem document. Such a route is for HTTP clients only: it is not an MCP tool, an A2A skill or a
 *   LangChain tool, and the OpenAPI document states `text/event-stream`.
 *
 * @example
 * ```ts
 * import type { APIResponse } from '@kit/kit-core';
 *
 * const created: APIResponse<{ id: string }> = { kind: 'created', location: (ticket) => `/api/tickets/${ticket.id}` };
 *
 * const ticks: APIResponse<{ count: number }> = {
 *   kind: 'event-stream',
 *   events: async function* ({ count }, { lastEventId }) {
 *     for (let n = Number(lastEventId ?? 0) + 1; n <= count; n++) yield { id: String(n), event: 'tick', data: { n } };
 *   },
 * };
 * ```
 */
export type APIResponse<TOutput = unknown> =
  | {
      readonly kind: 'created';
      /** The URL of the resource the call made, from the validated output; leave it out when it has none to read it at. */
      readonly location?: (output: NoInfer<TOutput>) => string;
    }
  | {
      readonly kind: 'event-stream';
      /** The events to send, from the handler's validated output. */
      readonly events: (output: NoInfer<TOutput>, stream: EventStreamContext) => AsyncIterable<ServerSentEvent>;
      /** Longest silence before a keep-alive comment line, in milliseconds. Default 15000. */
      readonly heartbeatMs?: number;
    };

/**
 * A typed route: runtime schemas for its input and output, a description for people and agents,
 * and the handler. The same definition drives the HTTP route, input parsing and validation errors,
 * the OpenAPI operation and the MCP tool.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import type { APIDefinition } from '@kit/kit-core';
 *
 * const echo: APIDefinition<{ text: string }, { text: string }> = {
 *   input: z.strictObject({ text: z.string() }),
 *   output: z.strictObject({ text: z.string() }),
 *   handler: async ({ input }) => ({ text: input.text }),
 * };
 * ```
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { defineAPI, KitError } from '@kit/kit-core';
 *
 * const refunds = new Map<string, { refunded: boolean }>();
 *
 * // Under an `approve` policy: a refund of an unknown order is a 404 at once, not a request to a person.
 * export const refund = defineAPI({
 *   capability: 'write',
 *   policy: 'large-refund',
 *   input: z.strictObject({ orderId: z.string(), amount: z.number().positive() }),
 *   precheck: async ({ input }) => {
 *     const order = refunds.get(input.orderId);
 *     if (!order) throw new KitError('not_found', `No order ${input.orderId}.`);
 *     if (order.refunded) throw new KitError('conflict', `Order ${input.orderId} is already refunded.`);
 *   },
 *   handler: async ({ input }) => {
 *     refunds.set(input.orderId, { refunded: true });
 *     return { refunded: input.amount };
 *   },
 * });
 * ```
 */
export interface APIDefinition<TInput = unknown, TOutput = unknown> {
  /** Runtime schema of the input; an object schema whose properties are the parameters. */
  readonly input?: z.ZodType<TInput>;
  /** Runtime schema of the output; the handler's result is validated against it. */
  readonly output?: z.ZodType<TOutput>;
  /** What the route does, written for a person or an agent choosing a tool. */
  readonly description?: string;
  /** Effect of the route; `read` when omitted. */
  readonly capability?: Capability;
  /** Name of the resource the route acts on, for policies and introspection. */
  readonly resource?: string;
  /** Key of the policy that guards the route. */
  readonly policy?: string;
  /**
   * How HTTP caches may keep the answer. `'etag'` (the default): `Cache-Control: no-cache` with a
   * weak `ETag` hashed from the body, and `If-None-Match` answered 304. `'no-store'`: for an answer
   * that changes on every call (a clock, a counter), sent with `Cache-Control: no-store` and no ETag,
   * so no cache ever serves an earlier one as current. `'shared'`: as `'etag'` on the wire, and the
   * answer depends only on the URL (path and query) and the app's `responseCache.version`, so the app
   * keeps it in its response cache and gives it to every caller who asks for the same URL, without
   * running the handler again (see `KitConfig.responseCache`). Only for a GET route whose answer is the
   * same for everyone: never one under a policy (which may deny, hold or redact per caller) and never in
   * an app with authentication, where the handler may answer by `ctx.auth`; `createKitApp` refuses
   * both with a `TypeError`, and a route that reads a cookie or the `Host` must not be shared either.
   * Kept answers skip the handler, so `registry.observe` (an audit trail) sees only the calls that ran.
   *
   * @example
   * ```ts
   * import { z } from 'zod';
   * import { defineAPI } from '@kit/kit-core';
   *
   * const countries = new Map([['fr', 'France'], ['de', 'Germany']]);
   * export const country = defineAPI({
   *   cache: 'shared', // the same answer for everyone who asks for /api/countries?code=fr
   *   input: z.strictObject({ code: z.string() }),
   *   handler: async ({ input }) => ({ name: countries.get(input.code) ?? null }),
   * });
   * ```
   */
  readonly cache?: 'etag' | 'no-store' | 'shared';
  /**
   * Whether agents' surfaces (MCP tools, A2A skills, LangChain tools) offer the route; `true` when omitted.
   * `false` keeps it an HTTP route for the app's own pages: one whose callers are signed-in people only,
   * which an agent would be listed but always refused. It stays in OpenAPI.
   */
  readonly agents?: boolean;
  /** How the HTTP answer is shaped: by default a 200; `{ kind: 'created', location }` for a 201 with `Location`; `{ kind: 'event-stream', events }` for Server-Sent Events. */
  readonly response?: APIResponse<TOutput>;
  /**
   * Runs when the route's policy answers `approve`, after the input is validated and before the call
   * is held for a person or an approval is used: throw a `KitError` (404 for a record that does not
   * exist, 409 for one in the wrong state) to answer at once a call that could not succeed anyway, so
   * nobody is asked to approve it and no approval is spent on it. Keep it to reads; the handler still
   * checks again when the call runs.
   */
  readonly precheck?: (args: { input: TInput; ctx: KitContext }) => Promise<void>;
  /** Produces the output from validated input. */
  readonly handler: (args: { input: TInput; ctx: KitContext }) => Promise<TOutput>;
}

/**
 * Declares a typed route handler. Returns the definition unchanged; its value is the type inference
 * of `input` from the schema and the single place the route is described.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { defineAPI } from '@kit/kit-core';
 *
 * export const greet = defineAPI({
 *   description: 'Greets someone by name.',
 *   capability: 'read',
 *   input: z.strictObject({ name: z.string().min(1) }),
 *   output: z.strictObject({ message: z.string() }),
 *   handler: async ({ input }) => ({ message: `Hello, ${input.name}` }),
 * });
 * ```
 */
export function defineAPI<TInput, TOutput>(def: APIDefinition<TInput, TOutput>): APIDefinition<TInput, TOutput> {
  return def;
}
