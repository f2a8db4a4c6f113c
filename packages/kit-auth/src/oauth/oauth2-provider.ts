import * as oauth from 'oauth4webapi';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { authorizationUrlOf, tokenAuthMethodOption } from './authorization-url.js';
import { exchangeCode, readCallback, tokensOf, userInfoFailed, type ExchangeContext } from './code-exchange.js';
import type { OAuthLoginResult, OAuthProfile, OAuthProvider, TokenEndpointAuthMethod } from './oauth-types.js';
import { profileFromClaims, subjectOf } from './profile.js';
import {
  authorizationParamsOption,
  isLoopback,
  providerUrl,
  requestOptions,
  scopesOption,
  stringOption,
  timeoutOption,
  UnexpectedAnswer,
} from './provider-http.js';

/** Options of `oauth2Provider`. */
export interface OAuth2ProviderConfig {
  /** The provider's authorization endpoint (`https://github.com/login/oauth/authorize`). */
  readonly authorizeUrl: string;
  /** The provider's token endpoint (`https://github.com/login/oauth/access_token`). */
  readonly tokenUrl: string;
  /** The API that answers who the access token belongs to, as a JSON object (`https://api.github.com/user`). */
  readonly userInfoUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Scopes to ask for; default none (the `scope` parameter is then left out). */
  readonly scopes?: readonly string[];
  /** How to authenticate at the token endpoint; default `client_secret_basic`. */
  readonly tokenAuthMethod?: TokenEndpointAuthMethod;
  /**
   * The provider's issuer identifier. When set, an `iss` parameter on the callback (RFC 9207) must equal it;
   * when not, such a parameter is ignored, since there is nothing to compare it with.
   */
  readonly issuer?: string;
  /**
   * Maps the user-info answer to the profile. Default: `subject` from `sub` or `id`, `email`,
   * `email_verified`, `name` (or `preferred_username`, `login`), `picture` (or `avatar_url`).
   */
  readonly profile?: (userInfo: Readonly<Record<string, unknown>>) => Omit<OAuthProfile, 'raw'>;
  /** Extra parameters of the authorization request, such as `{ allow_signup: 'false' }`. */
  readonly authorizationParams?: Readonly<Record<string, string>>;
  /** Milliseconds one request to the provider may take; default 10000. */
  readonly timeoutMs?: number;
}

/**
 * A plain OAuth 2.0 provider (GitHub, and any API with an authorization server and a "current user"
 * endpoint), for `createOAuthHandlers`. Logins use the authorization code flow with `state` and PKCE (S256);
 * the profile is read from `userInfoUrl` with the access token. An ID token the provider may also return is
 * not OAuth 2.0 and is ignored (use `oidcProvider` to have it verified).
 *
 * Every URL must be `https://`; plain `http://` is accepted only on a loopback host. Bad options throw
 * `KitAuthError` `invalid_config` at once.
 *
 * @example
 * ```ts
 * import { oauth2Provider } from '@kit/kit-auth';
 *
 * const github = oauth2Provider({
 *   authorizeUrl: 'https://github.com/login/oauth/authorize',
 *   tokenUrl: 'https://github.com/login/oauth/access_token',
 *   userInfoUrl: 'https://api.github.com/user',
 *   clientId: process.env.GITHUB_CLIENT_ID ?? '',
 *   clientSecret: process.env.GITHUB_CLIENT_SECRET ?? '',
 *   scopes: ['read:user', 'user:email'],
 * });
 * ```
 */
export function oauth2Provider(config: OAuth2ProviderConfig): OAuthProvider {
  const component = 'oauth2Provider';
  if (typeof config !== 'object' || config === null)
    throw new KitAuthError('invalid_config', `${component}: pass { authorizeUrl, tokenUrl, userInfoUrl, clientId, clientSecret }.`);
  const authorizeUrl = providerUrl(config.authorizeUrl, 'authorizeUrl', component);
  const tokenUrl = providerUrl(config.tokenUrl, 'tokenUrl', component);
  const userInfoUrl = providerUrl(config.userInfoUrl, 'userInfoUrl', component);
  const issuer = config.issuer === undefined ? undefined : stringOption(config.issuer, 'issuer', component);
  const clientId = stringOption(config.clientId, 'clientId', component);
  const clientSecret = stringOption(config.clientSecret, 'clientSecret', component);
  const scopes = scopesOption(config.scopes, [], component);
  const tokenAuthMethod = tokenAuthMethodOption(config.tokenAuthMethod, component) ?? 'client_secret_basic';
  const extraParams = authorizationParamsOption(config.authorizationParams, component);
  const timeoutMs = timeoutOption(config.timeoutMs, component);
  if (config.profile !== undefined && typeof config.profile !== 'function')
    throw new KitAuthError(
      'invalid_config',
      `${component}: profile must be a function from the user-info answer to { subject, email?, name?, ... }.`,
    );
  const mapProfile = config.profile;
  const insecure = [authorizeUrl, tokenUrl, userInfoUrl].some((url) => url.protocol === 'http:' && isLoopback(url));
  const options = requestOptions(timeoutMs, insecure);
  const server = config.authorizeUrl;
  const as: oauth.AuthorizationServer = {
    // Without a configured issuer, nothing compares against this one: `iss` is dropped from callbacks.
    issuer: issuer ?? authorizeUrl.origin,
    authorization_endpoint: authorizeUrl.href,
    token_endpoint: tokenUrl.href,
  };
  const client: oauth.Client = { client_id: clientId };
  const clientAuth =
    tokenAuthMethod === 'client_secret_post' ? oauth.ClientSecretPost(clientSecret) : oauth.ClientSecretBasic(clientSecret);
  const context: ExchangeContext = { as, client, clientAuth, options, server, timeoutMs };

  const readProfile = async (accessToken: string): Promise<OAuthProfile> => {
    let userInfo: Record<string, unknown>;
    try {
      const response = await oauth.protectedResourceRequest(
        accessToken,
        'GET',
        userInfoUrl,
        new Headers({ accept: 'application/json' }),
        undefined,
        options,
      );
      if (response.status !== 200) throw new UnexpectedAnswer(`it answered HTTP ${response.status}`);
      const body: unknown = await response.json().catch(() => {
        throw new UnexpectedAnswer('its answer is not JSON');
      });
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UnexpectedAnswer('its answer is not a JSON object');
      userInfo = body as Record<string, unknown>;
    } catch (error) {
      throw userInfoFailed(context, userInfoUrl.href, error);
    }
    if (mapProfile) {
      const mapped = mapProfile(userInfo);
      if (typeof mapped?.subject !== 'string' || mapped.subject === '') {
        throw new KitAuthError(
          'invalid_config',
          `${component}: the profile function must return an object with a non-empty subject string.`,
        );
      }
      return { ...mapped, raw: userInfo };
    }
    const subject = subjectOf(userInfo);
    if (subject === undefined) {
      throw new KitAuthError(
        'oauth_exchange_failed',
        `The user-info answer of ${userInfoUrl.href} has neither a sub nor an id to identify the person; pass a profile function to oauth2Provider that picks the stable id.`,
      );
    }
    return profileFromClaims(subject, userInfo);
  };

  return {
    protocol: 'oauth2',
    server,
    clientId,
    scopes,
    prepare: async () => {},
    authorizationUrl: async (request) => authorizationUrlOf(authorizeUrl, clientId, scopes, extraParams, request),
    complete: async (callback): Promise<OAuthLoginResult> => {
      const url = new URL(callback.url);
      if (issuer === undefined) url.searchParams.delete('iss');
      const params = readCallback(context, url, callback.state);
      const { tokens } = await exchangeCode(context, params, callback.redirectUri, callback.codeVerifier);
      return { profile: await readProfile(tokens.access_token), tokens: tokensOf(tokens, undefined) };
    },
  };
}
