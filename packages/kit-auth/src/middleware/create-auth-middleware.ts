import { KitError, type AuthIdentity, type AuthType, type KitContext, type MiddlewareDefinition } from '@kit/kit-core';
import { asymmetricAlgorithms, verifyDPoPProof } from '../dpop/verify-dpop-proof.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { clearSessionCookie } from '../session/session-cookie.js';
import { resolveAuthConfig, type AuthFinders, type AuthMiddlewareConfig, type ResolvedAuthConfig } from './auth-config.js';
import { presentedCredential, type PresentedCredential } from './credentials.js';
import { resolveApiKey, resolveSession, type MaybePromise, type ResolvedCredential } from './resolve-credential.js';
import { resolveMtls } from './resolve-mtls.js';

/**
 * Checks the DPoP proof of a request, when one is needed or sent, and returns the thumbprint of the key it
 * proves. The proof must cover the credential (`ath`) when the credential travels in a header; a cookie is out of
 * reach of the page's scripts, so a proof sent with a cookie session cannot hash it and is not asked to. Without a
 * proof the answer is immediate (undefined, or the refusal of a credential that needs one).
 */
function proveKey(
  request: Request,
  credential: PresentedCredential,
  resolved: ResolvedCredential,
  config: ResolvedAuthConfig,
): Promise<string> | undefined {
  const proof = request.headers.get('dpop');
  if (proof === null) {
    const what = resolved.identity.method === 'api_key' ? 'API key' : 'session';
    if (credential.scheme === 'dpop')
      throw new KitAuthError(
        'dpop_required',
        'The credential is sent with the DPoP scheme but the request has no DPoP header; send a DPoP proof with it.',
      );
    if (resolved.boundTo !== undefined)
      throw new KitAuthError('dpop_required', `This ${what} is bound to a key; send a DPoP proof signed with that key in the DPoP header.`);
    if (config.dpopRequired)
      throw new KitAuthError('dpop_required', `This server requires a DPoP proof with every ${what}; send one in the DPoP header.`);
    return undefined;
  }
  if (proof.includes(','))
    throw new KitAuthError('dpop_malformed', 'The request carries more than one DPoP header; send exactly one proof.');
  return verifyDPoPProof(proof.trim(), {
    method: request.method,
    url: request.url,
    ...(credential.source === 'cookie' ? {} : { accessToken: credential.value }),
    replayStore: config.replayStore,
    maxAgeSeconds: config.dpopMaxAgeSeconds,
  }).then(({ thumbprint }) => {
    if (resolved.boundTo !== undefined && thumbprint !== resolved.boundTo) {
      throw new KitAuthError(
        'dpop_key_mismatch',
        'The DPoP proof is signed with another key than the one this credential is bound to; sign the proof with the bound key.',
      );
    }
    return thumbprint;
  });
}

/** The 401 of a failed cookie session also clears the cookie, so the browser's next request is simply anonymous. */
function refusal(error: KitAuthError, request: Request, credential: PresentedCredential | undefined, config: ResolvedAuthConfig): KitError {
  const kitError = error.toKitError();
  if (credential?.source !== 'cookie' || !error.code.startsWith('session_')) return kitError;
  // The same cookie that was sent: `__Host-<name>` (Secure), or the plain one of a plain-HTTP request.
  const secure = credential.secureCookie === true;
  return new KitError(kitError.code, kitError.message, {
    headers: { ...kitError.headers, 'Set-Cookie': clearSessionCookie({ secure, name: config.cookieName }) },
    cause: error,
  });
}

/** What a failure of authentication becomes: the request as it was, or the refusal. */
function failed(
  error: unknown,
  request: Request,
  ctx: KitContext,
  credential: PresentedCredential | undefined,
  config: ResolvedAuthConfig,
): Promise<KitContext> {
  if (!(error instanceof KitAuthError)) return Promise.reject(error);
  // A browser keeps sending a session cookie after it expired (or after the secret was rotated). Reading
  // a page, or starting a new login, must not fail for that: safe requests go on as anonymous. Anything
  // that changes state is refused, so a person learns their session ended instead of acting as nobody.
  if (credential?.source === 'cookie' && error.code.startsWith('session_') && (request.method === 'GET' || request.method === 'HEAD'))
    return Promise.resolve(ctx);
  return Promise.reject(refusal(error, request, credential, config));
}

/**
 * The context with the caller resolved: what `{ ...ctx, authType, auth }` gives. Node 20's V8 runs that literal on
 * a slow path (the copy's hidden class is extended key by key, about a microsecond per request, several times the
 * rest of a cached session's check), so a context with exactly the keys kit-core gives one is copied field by
 * field, in the same order; any other is spread.
 */
function withCaller(ctx: KitContext, authType: AuthType, auth: AuthIdentity): KitContext {
  const keys = Object.keys(ctx);
  const plain =
    (keys.length === 3 || (keys.length === 4 && keys[3] === 'connection')) &&
    keys[0] === 'requestId' &&
    keys[1] === 'authType' &&
    keys[2] === 'request' &&
    Object.getOwnPropertySymbols(ctx).length === 0;
  if (!plain) return { ...ctx, authType, auth };
  return keys.length === 3
    ? { requestId: ctx.requestId, authType, request: ctx.request, auth }
    : { requestId: ctx.requestId, authType, request: ctx.request, connection: ctx.connection, auth };
}

/** The context of a caller whose credential resolved, once its key is proved when it must be. */
function identified(
  request: Request,
  ctx: KitContext,
  credential: PresentedCredential,
  resolved: ResolvedCredential,
  config: ResolvedAuthConfig,
): MaybePromise<KitContext> {
  const authType: AuthType = credential.kind === 'api_key' ? 'agent' : 'human';
  const proved = proveKey(request, credential, resolved, config);
  if (proved === undefined) return withCaller(ctx, authType, resolved.identity);
  return proved.then((keyThumbprint) => withCaller(ctx, authType, { ...resolved.identity, keyThumbprint }));
}

/**
 * Authentication by the credential a request carries. It runs on every request of the app, so it waits on
 * nothing it does not need: a request without a credential, a session already verified and an API key whose record
 * is found in memory are settled without a promise or a closure of their own (only the promise `authenticate`
 * must return).
 */
function byCredential(request: Request, ctx: KitContext, config: ResolvedAuthConfig): Promise<KitContext> {
  let credential: PresentedCredential | undefined;
  try {
    credential = presentedCredential(request, config.cookieName, config.sessionSecret !== undefined, config.hostCookieOnly);
    if (!credential) return Promise.resolve(ctx);
    const presented = credential;
    const resolved = presented.kind === 'api_key' ? resolveApiKey(presented.value, config) : resolveSession(presented.value, config);
    const outcome =
      resolved instanceof Promise
        ? resolved.then((found) => identified(request, ctx, presented, found, config))
        : identified(request, ctx, presented, resolved, config);
    return outcome instanceof Promise
      ? outcome.catch((error: unknown) => failed(error, request, ctx, presented, config))
      : Promise.resolve(outcome);
  } catch (error) {
    return failed(error, request, ctx, credential, config);
  }
}

function authenticate(request: Request, ctx: KitContext, config: ResolvedAuthConfig): Promise<KitContext> {
  // A SPIFFE identity comes first, for an app that accepts them and a request over TLS.
  if (!config.trustDomains || !ctx.connection?.tls) return byCredential(request, ctx, config);
  return resolveMtls(ctx.connection, config).then(
    (workload) => (workload ? withCaller(ctx, 'agent', workload) : byCredential(request, ctx, config)),
    (error: unknown) => failed(error, request, ctx, undefined, config),
  );
}

/**
 * What a 401 asks for: sessions and API keys travel as bearer tokens (`Bearer`), or bound to a key with a
 * proof (`DPoP`, RFC 9449, naming the proof algorithms), which is then the only scheme when every request
 * must prove its key. A SPIFFE identity comes with the TLS connection, not in a header: no challenge.
 */
function challengesOf(config: ResolvedAuthConfig): readonly string[] {
  const tokens = config.sessionSecret !== undefined || config.finders.findApiKey !== undefined;
  if (!tokens) return [];
  const dpop = `DPoP algs="${asymmetricAlgorithms.join(' ')}"`;
  return config.dpopRequired ? [dpop] : ['Bearer', dpop];
}

/**
 * The authentication middleware: resolves who is calling and sets `ctx.authType` and `ctx.auth`. In order, the
 * first that applies wins:
 * 1. a SPIFFE identity, when `mtls` is set and the TLS client sent a certificate: `agent`, method `mtls`;
 * 2. an API key, in `Authorization: Bearer kit_…` (or `DPoP kit_…`) or `X-API-Key`: `agent`, method `api_key`;
 * 3. a session, in `Authorization: Bearer <jwt>` (or `DPoP <jwt>`) or the session cookie (`__Host-kit_session`,
 *    or `kit_session` on plain HTTP; see `readSessionCookie`): `human`, method `session`;
 * 4. nothing: the context is left as it is (`anonymous`).
 *
 * Credentials that are presented but bad are refused with a 401 problem (`WWW-Authenticate` set) naming what
 * failed, never the secret; a SPIFFE ID of an untrusted trust domain or an unknown workload gets 403. A session
 * with `cnf.jkt`, or a key whose record has `keyThumbprint`, needs a DPoP proof made with that key (`dpop.required`
 * asks one for every session and key). With `revocation` (from `createSessionRevocation`), a session signed out
 * before its `exp` is refused (`session_revoked`). Its `challenges` (`Bearer`, and `DPoP` with the proof algorithms;
 * `DPoP` alone when `dpop.required`) go with every 401 of the app, and make a `deny` policy refusing an anonymous
 * caller answer 401 rather than 403. `createKitApp` runs `authenticate` before rate limits; `handler`
 * does the same for chains of your own. Configuration mistakes throw a `KitAuthError` `invalid_config` here, at creation.
 *
 * @param config - `sessionSecret`, `cookieName`, `hostCookieOnly`, `revocation`, `dpop`, `mtls`.
 * @param finders - `findUser`, `findApiKey`, `findWorkload`: look-ups into your own storage.
 *
 * @example
 * ```ts
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { createAuthMiddleware, type ApiKeyRecord } from '@kit/kit-auth';
 * import { z } from 'zod';
 *
 * const keys = new Map<string, ApiKeyRecord>(); // prefix → { subject, hash, permissions }
 * const auth = createAuthMiddleware(
 *   { sessionSecret: process.env.SESSION_SECRET ?? 'a-development-secret-of-32-characters!!' },
 *   { findApiKey: (prefix) => keys.get(prefix) ?? null },
 * );
 * const app = createKitApp({
 *   middleware: [auth],
 *   routes: {
 *     'GET /api/me': defineAPI({ input: z.object({}), handler: async ({ ctx }) => ({ type: ctx.authType, subject: ctx.auth?.subject ?? null }) }),
 *   },
 * });
 * ```
 */
export function createAuthMiddleware(config: AuthMiddlewareConfig, finders: AuthFinders = {}): MiddlewareDefinition {
  const resolved = resolveAuthConfig(config, finders);
  return {
    name: 'kit-auth',
    challenges: challengesOf(resolved),
    authenticate: ({ request, ctx }) => authenticate(request, ctx, resolved),
    handler: async ({ request, ctx, next }) => next(await authenticate(request, ctx, resolved)),
  };
}
