import { KitAuthError } from '../errors/kit-auth-error.js';
import type { OAuthAuthorizationRequest, TokenEndpointAuthMethod } from './oauth-types.js';

/**
 * The authorization endpoint with the parameters of one login: the code flow (`response_type=code`), the
 * client, where to come back, the scopes (left out when there are none), `state`, the PKCE S256 challenge
 * and, for OpenID Connect, the `nonce`. Parameters already in the endpoint's own query string are kept.
 */
export function authorizationUrlOf(
  endpoint: URL,
  clientId: string,
  scopes: readonly string[],
  extraParams: Readonly<Record<string, string>>,
  request: OAuthAuthorizationRequest,
): URL {
  const url = new URL(endpoint);
  for (const [name, value] of Object.entries(extraParams)) url.searchParams.set(name, value);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (request.nonce !== undefined) url.searchParams.set('nonce', request.nonce);
  return url;
}

/** Checks a `tokenAuthMethod` option. */
export function tokenAuthMethodOption(value: unknown, component: string): TokenEndpointAuthMethod | undefined {
  if (value === undefined || value === 'client_secret_basic' || value === 'client_secret_post') return value;
  throw new KitAuthError(
    'invalid_config',
    `${component}: tokenAuthMethod must be 'client_secret_basic' or 'client_secret_post', got ${JSON.stringify(value)}.`,
  );
}
