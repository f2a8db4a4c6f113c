import { KitError, type KitApp, quoteInput } from '@kit/kit-core';
import { problemResponse } from '@kit/kit-core/http';
import * as oauth from 'oauth4webapi';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { isRedirectSetting, safeRedirectTarget } from '../redirect/safe-redirect-target.js';
import { sessionCookie } from '../session/session-cookie.js';
import { assertSessionSecret } from '../session/session-secret.js';
import type { SessionClaims } from '../session/session-types.js';
import { signSession } from '../session/sign-session.js';
import { equalText } from './equal-text.js';
import {
  clearLoginStateCookie,
  cookieValues,
  loginCookieName,
  loginStateCookie,
  loginStateMaxAge,
  readLoginState,
  signLoginState,
  type LoginState,
} from './login-state.js';
import type { OAuthProfile, OAuthProvider, OAuthTokens } from './oauth-types.js';

/** The session claims `onLogin` returns: `sub` names the app's own user; every other claim is the app's. */
export type OAuthSessionClaims = SessionClaims & { readonly sub: string };

/** What `onLogin` learns about a completed login. */
export interface OAuthLoginArgs {
  /** The name the provider has in `providers` (`google`). */
  readonly provider: string;
  readonly profile: OAuthProfile;
  readonly tokens: OAuthTokens;
  /** The callback request, for an app that wants its headers (the client address, say). */
  readonly request: Request;
}

/** Options of `createOAuthHandlers`. */
export interface OAuthHandlersConfig {
  /**
   * The identity providers by name; each name becomes `/auth/<name>/login` and `/auth/<name>/callback`
   * (letters, digits, `_` and `-`).
   */
  readonly providers: Readonly<Record<string, OAuthProvider>>;
  /**
   * The public origin of the app (`https://app.example.com`), as browsers reach it: the redirect URI
   * registered at each provider is `<baseUrl>/auth/<name>/callback`.
   */
  readonly baseUrl: string;
  /** The secret sessions are signed with (at least 32 characters); it also signs the login cookie. */
  readonly sessionSecret: string;
  /**
   * Maps the person who signed in to the app's user, and returns the claims of their session (with `sub`),
   * or `null` to refuse the login (403 `oauth_login_refused`). A `KitError` it throws is answered as is.
   */
  readonly onLogin: (args: OAuthLoginArgs) => Promise<OAuthSessionClaims | null>;
  /** Where to send the person after a login without `returnTo`; default `/`. */
  readonly successRedirect?: string;
  /** Mark the cookies `Secure`; default: whether `baseUrl` is https. */
  readonly secureCookies?: boolean;
  /** Lifetime of the session, as `signSession` takes it (seconds or `'7d'`); default 7 days. */
  readonly sessionMaxAge?: number | string;
}

/** The OAuth endpoints of an app, from `createOAuthHandlers`. */
export interface OAuthHandlers {
  /**
   * Starts a login: a 302 to the provider's authorization endpoint, and the `kit_oauth` cookie that
   * remembers it. A failure is answered as a problem document.
   */
  login(provider: string, request: Request): Promise<Response>;
  /**
   * Completes a login when the provider sends the person back: a 302 to `returnTo` or `successRedirect`
   * with the session cookie set (`__Host-kit_session`, or `kit_session` without Secure cookies). A failure is
   * answered as a problem document.
   */
  callback(provider: string, request: Request): Promise<Response>;
  /** Adds `GET /auth/<name>/login` and `GET /auth/<name>/callback` for every provider to a kit app. */
  mount(app: KitApp): void;
}

const providerNamePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The authorization code flow for people signing in with an identity provider, ending in a kit session.
 *
 * `GET /auth/<name>/login[?returnTo=/path]` answers 302 to the provider with `response_type=code`,
 * `client_id`, `redirect_uri`, `scope`, a random `state`, a PKCE S256 `code_challenge` and, for OpenID
 * Connect, a `nonce`. These (and `returnTo`, cleaned by `safeRedirectTarget`: anything but a path on this
 * app becomes `successRedirect`) travel in the
 * `kit_oauth` cookie, a JWT signed with a key derived from the session secret, HttpOnly,
 * `SameSite=Lax`, `Path=/auth/<name>`, 10 minutes; nothing is kept in server memory, so any replica can
 * take the callback.
 *
 * `GET /auth/<name>/callback` checks, in order: the `kit_oauth` cookie (missing, altered or expired: 403
 * `oauth_state_mismatch`), the `state` parameter against it in constant time (403 `oauth_state_mismatch`),
 * an `error=` from the provider (403 `oauth_provider_error`), then exchanges the code with the PKCE verifier
 * (failure or unreachable provider: 502 `oauth_exchange_failed`), verifies the ID token (403
 * `oauth_id_token_invalid`), reads the profile, and calls `onLogin` (null: 403 `oauth_login_refused`). It
 * answers 302 to `returnTo` or `successRedirect` with the session cookie (from `signSession` and
 * `sessionCookie`) and the `kit_oauth` cookie cleared. Every failure is an RFC 9457 problem document.
 *
 * Bad options throw `KitAuthError` `invalid_config` at once.
 *
 * @example
 * ```ts
 * import { createKitApp } from '@kit/kit-core';
 * import { createOAuthHandlers, oidcProvider } from '@kit/kit-auth';
 *
 * const app = createKitApp({ routes: {} });
 * const oauth = createOAuthHandlers({
 *   providers: {
 *     google: oidcProvider({
 *       issuer: 'https://accounts.google.com',
 *       clientId: process.env.GOOGLE_CLIENT_ID ?? '',
 *       clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? '',
 *     }),
 *   },
 *   baseUrl: 'https://app.example.com',
 *   sessionSecret: process.env.SESSION_SECRET ?? 'a-development-secret-of-32-characters!!',
 *   onLogin: async ({ provider, profile }) =>
 *     profile.emailVerified ? { sub: `${provider}:${profile.subject}`, email: profile.email } : null,
 * });
 * oauth.mount(app); // GET /auth/google/login and GET /auth/google/callback
 * ```
 */
export function createOAuthHandlers(config: OAuthHandlersConfig): OAuthHandlers {
  const component = 'createOAuthHandlers';
  if (typeof config !== 'object' || config === null)
    throw new KitAuthError('invalid_config', `${component}: pass { providers, baseUrl, sessionSecret, onLogin }.`);
  const providers = checkProviders(config.providers, component);
  const origin = checkBaseUrl(config.baseUrl, component);
  assertSessionSecret(config.sessionSecret, component);
  const secret = config.sessionSecret;
  if (typeof config.onLogin !== 'function')
    throw new KitAuthError(
      'invalid_config',
      `${component}: onLogin must be an async function returning the session claims ({ sub, ... }) or null.`,
    );
  const onLogin = config.onLogin;
  const successRedirect = checkSuccessRedirect(config.successRedirect, component);
  if (config.secureCookies !== undefined && typeof config.secureCookies !== 'boolean')
    throw new KitAuthError('invalid_config', `${component}: secureCookies must be a boolean.`);
  const secure = config.secureCookies ?? origin.protocol === 'https:';
  const sessionMaxAge = config.sessionMaxAge;

  const pathsOf = (name: string) => ({
    scope: `/auth/${name}`,
    login: `/auth/${name}/login`,
    redirectUri: `${origin.origin}/auth/${name}/callback`,
  });

  const providerNamed = (name: string): OAuthProvider => {
    const provider = Object.hasOwn(providers, name) ? providers[name] : undefined;
    if (!provider) {
      throw new KitAuthError(
        'oauth_unknown_provider',
        `No OAuth provider named ${quoteInput(String(name))}; the configured ones are ${Object.keys(providers).join(', ')}.`,
      );
    }
    return provider;
  };

  // Errors of a provider name its address; the handlers add the name the app knows it by.
  const fromProvider = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      if (error instanceof KitAuthError) throw new KitAuthError(error.code, `OAuth provider "${name}": ${error.message}`, { cause: error });
      throw error;
    }
  };

  const startLogin = async (name: string, request: Request): Promise<Response> => {
    const provider = providerNamed(name);
    const paths = pathsOf(name);
    // A returnTo that is not a path of this app is replaced by successRedirect, so there is no open redirect.
    const returnTo = safeRedirectTarget(new URL(request.url).searchParams.get('returnTo'), { fallback: successRedirect });
    const state = oauth.generateRandomState();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
    const nonce = provider.protocol === 'oidc' ? oauth.generateRandomNonce() : undefined;
    const location = await fromProvider(name, () =>
      provider.authorizationUrl({ redirectUri: paths.redirectUri, state, codeChallenge, ...(nonce === undefined ? {} : { nonce }) }),
    );
    const login: LoginState = { provider: name, state, codeVerifier, ...(nonce === undefined ? {} : { nonce }), returnTo };
    const cookie = loginStateCookie(await signLoginState(login, secret), paths.scope, secure);
    return new Response(null, { status: 302, headers: { Location: location.href, 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } });
  };

  const finishLogin = async (name: string, request: Request): Promise<Response> => {
    const provider = providerNamed(name);
    const paths = pathsOf(name);
    const login = await loginOf(request, name, paths.login);
    const url = new URL(request.url);
    const state = url.searchParams.get('state');
    if (state === null || !equalText(state, login.state)) {
      throw new KitAuthError(
        'oauth_state_mismatch',
        `The state parameter of this callback ${state === null ? 'is missing' : 'does not match the login this browser started'} (a stale or forged callback); start the login again at ${paths.login}.`,
      );
    }
    const { profile, tokens } = await fromProvider(name, () =>
      provider.complete({
        url,
        redirectUri: paths.redirectUri,
        state: login.state,
        codeVerifier: login.codeVerifier,
        ...(login.nonce === undefined ? {} : { nonce: login.nonce }),
      }),
    );
    const claims = await onLogin({ provider: name, profile, tokens, request });
    if (claims === null) {
      throw new KitAuthError('oauth_login_refused', `The account signed in with "${name}" is not allowed to use this application.`);
    }
    if (typeof claims !== 'object' || Array.isArray(claims) || typeof claims.sub !== 'string' || claims.sub === '') {
      throw new KitAuthError(
        'invalid_config',
        `${component}: onLogin must return the session claims with a non-empty sub string ({ sub: 'user_42' }), or null to refuse the login.`,
      );
    }
    const token = sessionMaxAge === undefined ? await signSession(claims, secret) : await signSession(claims, secret, sessionMaxAge);
    const headers = new Headers({
      Location: safeRedirectTarget(login.returnTo, { fallback: successRedirect }),
      'Cache-Control': 'no-store',
    });
    headers.append('Set-Cookie', sessionCookie(token, { secure }));
    headers.append('Set-Cookie', clearLoginStateCookie(paths.scope, secure));
    return new Response(null, { status: 302, headers });
  };

  const loginOf = async (request: Request, name: string, loginPath: string): Promise<LoginState> => {
    const values = cookieValues(request, loginCookieName);
    if (values.length === 0) {
      throw new KitAuthError(
        'oauth_state_mismatch',
        `No login with "${name}" is in progress in this browser (the ${loginCookieName} cookie is missing; it lasts ${loginStateMaxAge / 60} minutes and needs cookies enabled); start the login again at ${loginPath}.`,
      );
    }
    // A browser may hold login cookies of several paths; the one of this provider is the one that verifies.
    let failure: unknown;
    for (const value of values) {
      try {
        return await readLoginState(value, secret, name, loginPath);
      } catch (error) {
        failure ??= error;
      }
    }
    throw failure;
  };

  const answer = async (run: () => Promise<Response>): Promise<Response> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof KitAuthError) return problemResponse(error.toKitError());
      if (error instanceof KitError) return problemResponse(error);
      throw error;
    }
  };
  const raise = async (run: () => Promise<Response>): Promise<Response> => {
    try {
      return await run();
    } catch (error) {
      throw error instanceof KitAuthError ? error.toKitError() : error;
    }
  };

  return {
    login: (name, request) => answer(() => startLogin(name, request)),
    callback: (name, request) => answer(() => finishLogin(name, request)),
    mount: (app) => {
      for (const name of Object.keys(providers)) {
        app.get(`/auth/${name}/login`, (request) => raise(() => startLogin(name, request)));
        app.get(`/auth/${name}/callback`, (request) => raise(() => finishLogin(name, request)));
      }
    },
  };
}

function checkProviders(value: unknown, component: string): Readonly<Record<string, OAuthProvider>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    throw new KitAuthError(
      'invalid_config',
      `${component}: providers must name at least one provider, such as { google: oidcProvider({ ... }) }.`,
    );
  }
  for (const [name, provider] of Object.entries(value)) {
    if (!providerNamePattern.test(name)) {
      throw new KitAuthError(
        'invalid_config',
        `${component}: the provider name ${JSON.stringify(name)} cannot be a path segment; use letters, digits, '_' and '-' (up to 64).`,
      );
    }
    const candidate = provider as Partial<OAuthProvider> | null;
    if (
      typeof candidate?.authorizationUrl !== 'function' ||
      typeof candidate.complete !== 'function' ||
      (candidate.protocol !== 'oidc' && candidate.protocol !== 'oauth2')
    ) {
      throw new KitAuthError(
        'invalid_config',
        `${component}: providers.${name} is not a provider; make it with oidcProvider({ ... }) or oauth2Provider({ ... }).`,
      );
    }
  }
  return value as Readonly<Record<string, OAuthProvider>>;
}

function checkBaseUrl(value: unknown, component: string): URL {
  const parsed = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (
    !parsed ||
    (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ||
    parsed.pathname !== '/' ||
    parsed.search ||
    parsed.hash ||
    parsed.username ||
    parsed.password
  ) {
    throw new KitAuthError(
      'invalid_config',
      `${component}: baseUrl must be the public origin of the app, such as 'https://app.example.com' (scheme, host and port only), got ${typeof value === 'string' ? quoteInput(value) : `a ${value === null ? 'null' : typeof value}`}.`,
    );
  }
  return parsed;
}

function checkSuccessRedirect(value: unknown, component: string): string {
  if (value === undefined) return '/';
  if (!isRedirectSetting(value)) {
    throw new KitAuthError(
      'invalid_config',
      `${component}: successRedirect must be a path such as '/dashboard' or an absolute http(s) URL, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}
