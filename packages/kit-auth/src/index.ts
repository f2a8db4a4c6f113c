/**
 * @kit/kit-auth: who is calling a kit app. People sign in with a password or through OAuth and OpenID Connect
 * and carry a signed JWT session, which can be revoked; agents present API keys, optionally bound to a key with
 * DPoP, or a SPIFFE identity over mutual TLS. `createAuthMiddleware` turns any of these into `ctx.auth` and
 * `ctx.authType`.
 */
export { KitAuthError, kitAuthErrorCodes, type KitAuthErrorCode } from './errors/kit-auth-error.js';

// --- sessions, API keys, permissions, middleware, DPoP, SPIFFE/mTLS ---
export { signSession, defaultSessionMaxAge } from './session/sign-session.js';
export { verifySession } from './session/verify-session.js';
export {
  sessionCookie,
  clearSessionCookie,
  readSessionCookie,
  sessionCookieName,
  type ReadSessionCookieOptions,
  type SessionCookieOptions,
} from './session/session-cookie.js';
export {
  createSessionRevocation,
  MemoryRevocationStore,
  RedisRevocationStore,
  type RedisRevocationClient,
  type SessionRevocation,
  type SessionRevocationOptions,
  type SessionRevocationStore,
} from './session/session-revocation.js';
export { minimumSessionSecretLength } from './session/session-secret.js';
export type { SessionClaims, SessionPayload } from './session/session-types.js';
export { generateApiKey, verifyApiKey, apiKeyPrefix, hashApiKey, type GeneratedApiKey } from './api-key/api-key.js';
export { checkPermission } from './permissions/check-permission.js';
export { verifyDPoPProof, defaultDPoPMaxAgeSeconds, type DPoPProofExpectations, type VerifiedDPoPProof } from './dpop/verify-dpop-proof.js';
export { spiffeIdFromCertificate } from './mtls/spiffe-id.js';
export { createAuthMiddleware } from './middleware/create-auth-middleware.js';
export type { AuthMiddlewareConfig, AuthFinders, ApiKeyRecord, SessionUser, WorkloadRecord } from './middleware/auth-config.js';

// --- passwords, sign-in throttling, redirects after sign-in, display names ---
export { hashPassword, verifyPassword, maxPasswordBytes } from './password/password-hash.js';
export {
  createSignInThrottle,
  type SignInAttempt,
  type SignInThrottle,
  type SignInThrottleOptions,
  type ThrottleRule,
} from './password/sign-in-throttle.js';
export { safeRedirectTarget, type SafeRedirectOptions } from './redirect/safe-redirect-target.js';
export {
  checkDisplayName,
  type DisplayNameCheck,
  type DisplayNameOptions,
  type DisplayNameProblem,
} from './display-name/check-display-name.js';

// --- OAuth and OpenID Connect ---
export {
  createOAuthHandlers,
  type OAuthHandlers,
  type OAuthHandlersConfig,
  type OAuthLoginArgs,
  type OAuthSessionClaims,
} from './oauth/create-oauth-handlers.js';
export { oidcProvider, defaultOidcScopes, type OidcProviderConfig } from './oauth/oidc-provider.js';
export { oauth2Provider, type OAuth2ProviderConfig } from './oauth/oauth2-provider.js';
export type {
  OAuthAuthorizationRequest,
  OAuthCallback,
  OAuthLoginResult,
  OAuthProfile,
  OAuthProvider,
  OAuthTokens,
  TokenEndpointAuthMethod,
} from './oauth/oauth-types.js';
