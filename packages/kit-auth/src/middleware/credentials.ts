import { KitAuthError } from '../errors/kit-auth-error.js';
import { looksLikeApiKey } from '../api-key/api-key-format.js';
import { findSessionCookie } from '../session/session-cookie.js';

/** Where a credential came from: a header (`Authorization`, `X-API-Key`) or the session cookie. */
export type CredentialSource = 'authorization' | 'x-api-key' | 'cookie';

/** A credential found on a request, not yet checked. */
export interface PresentedCredential {
  readonly kind: 'api_key' | 'session';
  readonly value: string;
  readonly source: CredentialSource;
  /** The Authorization scheme, when it came in that header: `DPoP` requires a proof. */
  readonly scheme?: 'bearer' | 'dpop';
  /** For a cookie: whether it was the `__Host-` one, which is cleared with `Secure`. */
  readonly secureCookie?: boolean;
}

/**
 * The credential a request carries, by precedence: an API key (`Authorization: Bearer|DPoP kit_…`, else
 * `X-API-Key`), then a session (`Authorization: Bearer|DPoP <jwt>`, else the session cookie when sessions are
 * accepted, read as `readSessionCookie` reads it). Other Authorization schemes (Basic, …) are left to other middleware.
 */
export function presentedCredential(
  request: Request,
  cookieName: string,
  acceptsSessions: boolean,
  hostCookieOnly = false,
): PresentedCredential | undefined {
  const headers = request.headers;
  let fromAuthorization: PresentedCredential | undefined;
  const authorization = headers.get('authorization')?.trim();
  if (authorization) {
    const space = authorization.search(/[ \t]/);
    const schemeName = space === -1 ? authorization : authorization.slice(0, space);
    const scheme = schemeName.toLowerCase();
    if (scheme === 'bearer' || scheme === 'dpop') {
      const value = space === -1 ? '' : authorization.slice(space + 1).trim();
      if (value === '' || /\s/.test(value)) {
        throw new KitAuthError(
          'authorization_malformed',
          `The Authorization header names the ${schemeName} scheme but does not carry one credential after it; send "Authorization: ${schemeName} <credential>".`,
        );
      }
      fromAuthorization = { kind: looksLikeApiKey(value) ? 'api_key' : 'session', value, source: 'authorization', scheme };
    }
  }
  const headerKey = headers.get('x-api-key')?.trim();
  if (headerKey) {
    if (fromAuthorization?.kind === 'api_key' && fromAuthorization.value !== headerKey) {
      throw new KitAuthError('api_key_malformed', 'The request carries two different API keys (Authorization and X-API-Key); send one.');
    }
    if (fromAuthorization?.kind !== 'api_key') return { kind: 'api_key', value: headerKey, source: 'x-api-key' };
  }
  if (fromAuthorization) return fromAuthorization;
  if (!acceptsSessions) return undefined;
  const cookie = findSessionCookie(request, { name: cookieName, hostOnly: hostCookieOnly });
  return cookie === undefined ? undefined : { kind: 'session', value: cookie.value, source: 'cookie', secureCookie: cookie.secure };
}
