import type { PeerCertificate } from 'node:tls';

/** Who is calling: the three auth types rate limits and policies distinguish. */
export type AuthType = 'anonymous' | 'human' | 'agent';

/** How an authenticated caller proved who they are. */
export type AuthMethod = 'session' | 'api_key' | 'oauth' | 'mtls';

/**
 * The identity of an authenticated caller, set by an authentication middleware (`createAuthMiddleware`
 * of `@kit/kit-auth`). Anonymous calls have none.
 *
 * @example
 * ```ts
 * import type { AuthIdentity } from '@kit/kit-core';
 *
 * const bot: AuthIdentity = { subject: 'agent:triage-bot', method: 'api_key', permissions: ['tickets:read'] };
 * ```
 */
export interface AuthIdentity {
  /** Stable id of the person or agent: a user id, an agent id, a SPIFFE ID. */
  readonly subject: string;
  /** How the caller authenticated. */
  readonly method: AuthMethod;
  /** `resource:action` permissions granted to the caller (`tickets:read`, `tickets:*`, `*`). */
  readonly permissions: readonly string[];
  /** Claims of the session or attributes of the key record, for handlers that need more than the subject. */
  readonly claims?: Readonly<Record<string, unknown>>;
  /** JWK thumbprint of the key the caller proved possession of with DPoP, when the credential is bound to one. */
  readonly keyThumbprint?: string;
}

/** What the server knows about the connection a request came on. */
export interface ConnectionInfo {
  /** Address of the peer, when the request came over a socket. */
  readonly remoteAddress?: string;
  /** Present when the connection is TLS. */
  readonly tls?: {
    /** Whether the client certificate, if any, chains to a trusted CA of the server. */
    readonly authorized: boolean;
    /** Why the client certificate was not authorized. */
    readonly authorizationError?: string;
    /** The client certificate, or undefined when the client sent none. */
    peerCertificate(): PeerCertificate | undefined;
  };
}

/**
 * What a handler, policy or middleware knows about the current call. Built by the framework for
 * every HTTP request and every MCP tool call.
 *
 * @example
 * ```ts
 * import type { KitContext } from '@kit/kit-core';
 *
 * function describe(ctx: KitContext): string {
 *   return `${ctx.requestId} (${ctx.authType}${ctx.auth ? ` as ${ctx.auth.subject}` : ''})`;
 * }
 * ```
 */
export interface KitContext {
  /** Unique id of the call; taken from a valid `X-Request-Id` header when the caller sends one. */
  readonly requestId: string;
  /** How the caller authenticated: `human` with a session, `agent` with an API key, else `anonymous`. */
  readonly authType: AuthType;
  /** Who the caller is, once an authentication middleware has resolved it; absent for anonymous calls. */
  readonly auth?: AuthIdentity;
  /** The HTTP request, or a synthetic one for a call that did not come over HTTP (MCP over stdio). */
  readonly request: Request;
  /** The connection of an HTTP request served by `listen` or a Node server; absent otherwise. */
  readonly connection?: ConnectionInfo;
}
