import * as oauth from 'oauth4webapi';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { exchangeCode, readCallback, tokensOf, userInfoFailed, type ExchangeContext } from './code-exchange.js';
import { idTokenAlgorithms, remoteKeys, verifyIdToken } from './id-token.js';
import type { OAuthCallback, OAuthLoginResult, OAuthProvider, TokenEndpointAuthMethod } from './oauth-types.js';
import { profileFromClaims } from './profile.js';
import {
  authorizationParamsOption,
  describeFailure,
  isLoopback,
  providerUrl,
  quoteText,
  requestOptions,
  scopesOption,
  stringOption,
  timeoutOption,
} from './provider-http.js';
import { authorizationUrlOf, tokenAuthMethodOption } from './authorization-url.js';

/** Options of `oidcProvider`. */
export interface OidcProviderConfig {
  /**
   * The issuer identifier, exactly as the provider's discovery document states it
   * (`https://accounts.google.com`); its `/.well-known/openid-configuration` is read on the first login.
   */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Scopes to ask for; default `['openid', 'email', 'profile']`. `openid` is added when missing. */
  readonly scopes?: readonly string[];
  /**
   * How to authenticate at the token endpoint. Default: `client_secret_basic` when the discovery document
   * allows it (or lists no methods), else `client_secret_post`.
   */
  readonly tokenAuthMethod?: TokenEndpointAuthMethod;
  /** Extra parameters of the authorization request, such as `{ prompt: 'select_account' }`. */
  readonly authorizationParams?: Readonly<Record<string, string>>;
  /** Milliseconds one request to the provider may take; default 10000. */
  readonly timeoutMs?: number;
}

/**
 * The scopes of an OpenID Connect login when none are given: `openid email profile`.
 *
 * @example
 * ```ts
 * import { defaultOidcScopes, oidcProvider } from '@kit/kit-auth';
 *
 * // Ask for everything the default asks for, plus offline access (a refresh token).
 * const provider = oidcProvider({
 *   issuer: 'https://login.example.com',
 *   clientId: 'my-app',
 *   clientSecret: process.env.OIDC_CLIENT_SECRET ?? '',
 *   scopes: [...defaultOidcScopes, 'offline_access'],
 * });
 * ```
 */
export const defaultOidcScopes: readonly string[] = ['openid', 'email', 'profile'];

const discoveryPath = '/.well-known/openid-configuration';

/** What discovery yields, kept for the provider's lifetime. */
interface Discovered {
  readonly context: ExchangeContext;
  readonly keys: ReturnType<typeof remoteKeys>;
  readonly algorithms: string[];
}

/**
 * An OpenID Connect identity provider (Google, Microsoft Entra ID, Okta, Auth0, Keycloak, ...), for
 * `createOAuthHandlers`. Its discovery document is fetched on the first login (or by `prepare()`) and
 * kept; a failed fetch is an `oauth_discovery_failed` (502) naming the issuer, retried on the next login.
 * Logins use the authorization code flow with `state`, PKCE (S256) and a `nonce`; the ID token is verified
 * (signature with the provider's `jwks_uri`, `iss`, `aud`, `exp`, `nonce`), and the profile is its claims
 * merged with the answer of the `userinfo_endpoint` when the provider has one.
 *
 * The issuer must be `https://`; plain `http://` is accepted only on a loopback host (a provider on this
 * machine). Bad options throw `KitAuthError` `invalid_config` at once.
 *
 * @example
 * ```ts
 * import { oidcProvider } from '@kit/kit-auth';
 *
 * const google = oidcProvider({
 *   issuer: 'https://accounts.google.com',
 *   clientId: process.env.GOOGLE_CLIENT_ID ?? '',
 *   clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? '',
 * });
 * await google.prepare(); // optional: fail at start-up if the issuer is wrong or unreachable
 * ```
 */
export function oidcProvider(config: OidcProviderConfig): OAuthProvider {
  const component = 'oidcProvider';
  if (typeof config !== 'object' || config === null)
    throw new KitAuthError('invalid_config', `${component}: pass { issuer, clientId, clientSecret }.`);
  const issuerUrl = providerUrl(config.issuer, 'issuer', component);
  const issuer = config.issuer;
  const clientId = stringOption(config.clientId, 'clientId', component);
  const clientSecret = stringOption(config.clientSecret, 'clientSecret', component);
  const requested = scopesOption(config.scopes, defaultOidcScopes, component);
  const scopes = requested.includes('openid') ? requested : ['openid', ...requested];
  const tokenAuthMethod = tokenAuthMethodOption(config.tokenAuthMethod, component);
  const extraParams = authorizationParamsOption(config.authorizationParams, component);
  const timeoutMs = timeoutOption(config.timeoutMs, component);
  const options = requestOptions(timeoutMs, issuerUrl.protocol === 'http:' && isLoopback(issuerUrl));
  const client: oauth.Client = { client_id: clientId };

  const failed = (reason: string, cause?: unknown) =>
    new KitAuthError(
      'oauth_discovery_failed',
      `OpenID Connect discovery failed for issuer ${issuer}: ${reason}. Check that the issuer is exactly the "issuer" of its ${discoveryPath} and that this server can reach it.`,
      cause === undefined ? {} : { cause },
    );

  const discover = async (): Promise<Discovered> => {
    let as: oauth.AuthorizationServer;
    try {
      const response = await oauth.discoveryRequest(issuerUrl, { ...options, algorithm: 'oidc' });
      as = await oauth.processDiscoveryResponse(issuerUrl, response);
    } catch (error) {
      if (error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON) {
        const named = (error.cause as { body?: { issuer?: unknown } } | undefined)?.body?.issuer;
        throw failed(`its discovery document names the issuer ${typeof named === 'string' ? quoteText(named) : 'differently'}`, error);
      }
      throw failed(describeFailure(error, timeoutMs), error);
    }
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      const value = as[endpoint];
      if (typeof value !== 'string') throw failed(`its discovery document has no ${endpoint}`);
      // Endpoints of a loopback issuer may use http too; any other must be https.
      try {
        providerUrl(value, endpoint, component);
      } catch (error) {
        throw failed(`its ${endpoint} ${quoteText(value)} is not an https:// URL`, error);
      }
    }
    const methods = as.token_endpoint_auth_methods_supported;
    const chosen =
      tokenAuthMethod ??
      (!methods || methods.includes('client_secret_basic')
        ? 'client_secret_basic'
        : methods.includes('client_secret_post')
          ? 'client_secret_post'
          : undefined);
    if (!chosen)
      throw failed(`its token endpoint accepts neither client_secret_basic nor client_secret_post (it lists ${methods?.join(', ')})`);
    const clientAuth = chosen === 'client_secret_post' ? oauth.ClientSecretPost(clientSecret) : oauth.ClientSecretBasic(clientSecret);
    return {
      context: { as, client, clientAuth, options, server: issuer, timeoutMs },
      keys: remoteKeys(new URL(as.jwks_uri as string), timeoutMs),
      algorithms: idTokenAlgorithms(as.id_token_signing_alg_values_supported),
    };
  };

  // One discovery for every login; a failure is forgotten so that the next login tries again.
  let discovered: Promise<Discovered> | undefined;
  const prepared = (): Promise<Discovered> => {
    discovered ??= discover().catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };

  const complete = async (callback: OAuthCallback): Promise<OAuthLoginResult> => {
    const { context, keys, algorithms } = await prepared();
    if (callback.nonce === undefined)
      throw new KitAuthError('invalid_config', `${component}: complete() needs the nonce sent in the authorization request.`);
    const params = readCallback(context, callback.url, callback.state);
    const { tokens, idToken } = await exchangeCode(context, params, callback.redirectUri, callback.codeVerifier);
    const claims = await verifyIdToken(idToken, {
      issuer: context.as.issuer,
      clientId,
      nonce: callback.nonce,
      algorithms,
      keys,
      server: issuer,
      timeoutMs,
    });
    let userInfo: Record<string, unknown> = {};
    const endpoint = context.as.userinfo_endpoint;
    if (endpoint) {
      try {
        const response = await oauth.userInfoRequest(context.as, client, tokens.access_token, options);
        // The user-info `sub` must be the ID token's, or the answer is about someone else.
        userInfo = { ...(await oauth.processUserInfoResponse(context.as, client, claims.sub, response)) };
      } catch (error) {
        throw userInfoFailed(context, endpoint, error);
      }
    }
    return { profile: profileFromClaims(claims.sub, { ...claims, ...userInfo }), tokens: tokensOf(tokens, idToken) };
  };

  return {
    protocol: 'oidc',
    server: issuer,
    clientId,
    scopes,
    prepare: async () => {
      await prepared();
    },
    authorizationUrl: async (request) => {
      const { context } = await prepared();
      if (request.nonce === undefined)
        throw new KitAuthError('invalid_config', `${component}: an OpenID Connect authorization request needs a nonce.`);
      return authorizationUrlOf(new URL(context.as.authorization_endpoint as string), clientId, scopes, extraParams, request);
    },
    complete,
  };
}
