/**
 * @kit/kit-auth: who is calling a kit app. People sign in with a signed JWT session (or through OAuth and
 * OpenID Connect); agents present API keys, optionally bound to a key with DPoP, or a SPIFFE identity over
 * mutual TLS. `createAuthMiddleware` turns any of these into `ctx.auth` and `ctx.authType`.
 */
export { KitAuthError, kitAuthErrorCodes, type KitAuthErrorCode } from './errors/kit-auth-error.js';

// --- sessions, API keys, permissions, middleware, DPoP, SPIFFE/mTLS (helper A) ---

// --- OAuth and OpenID Connect (helper B) ---
