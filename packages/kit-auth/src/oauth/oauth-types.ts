/**
 * Who signed in, as the identity provider describes them. `subject` is the provider's stable id of the
 * person (the OpenID Connect `sub`, or the `sub` or `id` of a plain OAuth 2.0 user-info answer); map it to
 * your own user in `onLogin`, together with the provider's name, since two providers may use the same id.
 */
export interface OAuthProfile {
  /** The provider's stable, never reassigned id of the person. */
  readonly subject: string;
  readonly email?: string;
  /** Whether the provider has verified that the person controls `email`; trust `email` only when true. */
  readonly emailVerified?: boolean;
  readonly name?: string;
  /** URL of a profile picture. */
  readonly picture?: string;
  /**
   * Everything the provider said: the ID token claims merged with the user-info answer (OpenID Connect),
   * or the user-info answer (OAuth 2.0).
   */
  readonly raw: Readonly<Record<string, unknown>>;
}

/** The tokens of a completed code exchange, for an app that calls the provider's APIs on the person's behalf. */
export interface OAuthTokens {
  readonly accessToken: string;
  /** `bearer` or `dpop`, lower-cased. */
  readonly tokenType: string;
  /** Seconds the access token lasts, when the provider says. */
  readonly expiresIn?: number;
  readonly refreshToken?: string;
  /** The ID token (OpenID Connect), already verified. */
  readonly idToken?: string;
  /** The scopes granted, when the provider says (space-separated). */
  readonly scope?: string;
}

/** The start of a login: what the authorization request carries besides the provider's own settings. */
export interface OAuthAuthorizationRequest {
  /** Where the provider sends the person back: `<baseUrl>/auth/<name>/callback`. */
  readonly redirectUri: string;
  /** The random `state` that ties the callback to this browser. */
  readonly state: string;
  /** The PKCE S256 challenge of the code verifier. */
  readonly codeChallenge: string;
  /** The random `nonce` the ID token must carry (OpenID Connect only). */
  readonly nonce?: string;
}

/** The end of a login: the callback request and what was kept from its start. */
export interface OAuthCallback {
  /** The full URL the provider redirected the browser to, with `code`, `state` (and `iss`) or `error`. */
  readonly url: URL;
  readonly redirectUri: string;
  /** The `state` sent at the start; the callback's must equal it. */
  readonly state: string;
  /** The PKCE code verifier whose challenge was sent at the start. */
  readonly codeVerifier: string;
  /** The `nonce` sent at the start (OpenID Connect only). */
  readonly nonce?: string;
}

/** A completed login: the person's profile and the provider's tokens. */
export interface OAuthLoginResult {
  readonly profile: OAuthProfile;
  readonly tokens: OAuthTokens;
}

/**
 * One identity provider, made by `oidcProvider` or `oauth2Provider` and given to `createOAuthHandlers` under
 * a name. Its methods are what the handlers call; an app writing its own flow may call them too. Every
 * failure is a `KitAuthError` whose message names the provider's address.
 */
export interface OAuthProvider {
  /** `oidc` (ID token verified, nonce sent) or `oauth2` (profile from the user-info endpoint only). */
  readonly protocol: 'oidc' | 'oauth2';
  /** The issuer (OpenID Connect) or the authorization endpoint (OAuth 2.0): what error messages name. */
  readonly server: string;
  readonly clientId: string;
  /** The scopes every authorization request asks for. */
  readonly scopes: readonly string[];
  /**
   * Loads what the provider needs before its first login: the discovery document of an OpenID Connect
   * provider (fetched once, then kept; a failed fetch is retried on the next call). Call it at start-up to
   * fail early on a wrong issuer; throws `oauth_discovery_failed`.
   */
  prepare(): Promise<void>;
  /** The provider's authorization endpoint with every parameter of this login. */
  authorizationUrl(request: OAuthAuthorizationRequest): Promise<URL>;
  /** Checks the callback, exchanges the code and reads the profile. */
  complete(callback: OAuthCallback): Promise<OAuthLoginResult>;
}

/** How the client authenticates at the token endpoint. */
export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post';
