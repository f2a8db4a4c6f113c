/**
 * @kit/kit-auth: who is calling a kit app. People sign in with a signed JWT session (or through OAuth and
 * OpenID Connect); agents present API keys, optionally bound to a key with DPoP, or a SPIFFE identity over
 * mutual TLS. `createAuthMiddleware` turns any of these into `ctx.auth` and `ctx.authType`.
 */
export { KitAuthError, kitAuthErrorCodes, type KitAuthErrorCode } from './errors/kit-auth-error.js';

// --- sessions, API keys, permissions, middleware, DPoP, SPIFFE/mTLS ---
export { signSession, defaultSessionMaxAge } from './session/sign-session.js';
export { verifySession } from './session/verify-session.js';
export { sessionCookie, clearSessionCookie, sessionCookieName, type SessionCookieOptions } from './session/session-cookie.js';
export { minimumSessionSecretLength } from './session/session-secret.js';
export type { SessionClaims, SessionPayload } from './session/session-types.js';
export { generateApiKey, verifyApiKey, apiKeyPrefix, hashApiKey, type GeneratedApiKey } from './api-key/api-key.js';
export { checkPermission } from './permissions/check-permission.js';
export { verifyDPoPProof, defaultDPoPMaxAgeSeconds, type DPoPProofExpectations, type VerifiedDPoPProof } from './dpop/verify-dpop-proof.js';
export { spiffeIdFromCertificate } from './mtls/spiffe-id.js';
export { createAuthMiddleware } from './middleware/create-auth-middleware.js';
export type { AuthMiddlewareConfig, AuthFinders, ApiKeyRecord, SessionUser, WorkloadRecord } from './middleware/auth-config.js';

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
