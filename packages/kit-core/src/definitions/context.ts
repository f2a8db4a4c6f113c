/** Who is calling: the three auth types rate limits and policies distinguish. */
export type AuthType = 'anonymous' | 'human' | 'agent';

/**
 * What a handler, policy or middleware knows about the current call. Built by the framework for
 * every HTTP request and every MCP tool call.
 *
 * @example
 * ```ts
 * import type { KitContext } from '@kit/kit-core';
 *
 * function describe(ctx: KitContext): string {
 *   return `${ctx.requestId} (${ctx.authType})`;
 * }
 * ```
 */
export interface KitContext {
  /** Unique id of the call; taken from a valid `X-Request-Id` header when the caller sends one. */
  readonly requestId: string;
  /** How the caller authenticated. */
  readonly authType: AuthType;
  /** The HTTP request, or a synthetic one for a call that did not come over HTTP (MCP over stdio). */
  readonly request: Request;
}
