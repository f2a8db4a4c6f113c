import type { KitContext } from './context.js';
import type { APIDefinition, EventStreamContext, ServerSentEvent } from './define-api.js';

/**
 * A route definition of any input and output type, so routes of different types can be stored side
 * by side. Schemas widen to `unknown`; the input of the handler and of `precheck` narrows to `never`,
 * which every specific one accepts (and so does the output `response.location` reads). Each handler was type-checked against its own schemas where `defineAPI` was called.
 */
export type AnyAPIDefinition = Omit<APIDefinition<unknown, unknown>, 'handler' | 'precheck' | 'response'> & {
  readonly handler: (args: { input: never; ctx: KitContext }) => Promise<unknown>;
  readonly precheck?: (args: { input: never; ctx: KitContext }) => Promise<void>;
  readonly response?:
    | { readonly kind: 'created'; readonly location?: (output: never) => string }
    | {
        readonly kind: 'event-stream';
        readonly events: (output: never, stream: EventStreamContext) => AsyncIterable<ServerSentEvent>;
        readonly heartbeatMs?: number;
      };
};

/**
 * Whether other agents' surfaces (MCP tools, A2A skills, LangChain tools) offer the route: all but
 * those answering with an event stream, whose answer is a connection, not a result, and those declared
 * `agents: false`.
 *
 * @example
 * ```ts
 * import { defineAPI, servesAsTool } from '@kit/kit-core';
 *
 * console.log(servesAsTool(defineAPI({ handler: async () => ({ ok: true }) }))); // true
 * ```
 */
export function servesAsTool(definition: Pick<AnyAPIDefinition, 'response' | 'agents'>): boolean {
  return definition.agents !== false && definition.response?.kind !== 'event-stream';
}

/** HTTP methods a route may use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route key: method, one space, then the path (`GET /api/users`). */
export type RouteKey = `${HttpMethod} /${string}`;

/** Title, version and description of the app, as its OpenAPI document states them. */
export interface AppInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}
