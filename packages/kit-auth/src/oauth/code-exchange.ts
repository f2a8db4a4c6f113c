import * as oauth from 'oauth4webapi';
import { KitAuthError } from '../errors/kit-auth-error.js';
import type { OAuthTokens } from './oauth-types.js';
import { describeFailure, quoteText, type ProviderRequestOptions } from './provider-http.js';

/** What one provider brings to the code exchange. */
export interface ExchangeContext {
  readonly as: oauth.AuthorizationServer;
  readonly client: oauth.Client;
  readonly clientAuth: oauth.ClientAuth;
  readonly options: ProviderRequestOptions;
  /** The provider's address, for messages. */
  readonly server: string;
  readonly timeoutMs: number;
}

/**
 * The parameters of an authorization response, checked by oauth4webapi: the `state` (already compared in
 * constant time by the handlers, checked again here), the `iss` of RFC 9207 when the provider sends one,
 * an `error=` answer, and the presence of a `code`.
 */
export function readCallback(context: ExchangeContext, url: URL, state: string): URLSearchParams {
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(context.as, context.client, url, state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      const description = error.error_description ? ` (${quoteText(error.error_description)})` : '';
      throw new KitAuthError(
        'oauth_provider_error',
        `${context.server} did not grant the login: it answered error=${quoteText(error.error, 60)}${description}.`,
        { cause: error },
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new KitAuthError(
      'oauth_callback_invalid',
      `The callback from ${context.server} is not a valid authorization response: ${reason}.`,
      { cause: error },
    );
  }
  if (!params.get('code')) {
    throw new KitAuthError(
      'oauth_callback_invalid',
      `The callback from ${context.server} has neither a code nor an error parameter; it is not an authorization response.`,
    );
  }
  return params;
}

/** The outcome of the token request: the tokens, and the raw ID token (still to be verified, if any). */
export interface ExchangedTokens {
  readonly tokens: oauth.TokenEndpointResponse;
  readonly idToken: string | undefined;
}

/**
 * Exchanges the code for tokens with the PKCE verifier. Any failure, from an unreachable endpoint to an
 * `invalid_grant`, is `oauth_exchange_failed` (502). The ID token is taken out before oauth4webapi reads
 * the answer, so that its checks are done once, by `verifyIdToken`, where a failure is told apart as
 * `oauth_id_token_invalid`.
 */
export async function exchangeCode(
  context: ExchangeContext,
  params: URLSearchParams,
  redirectUri: string,
  codeVerifier: string,
): Promise<ExchangedTokens> {
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      context.as,
      context.client,
      context.clientAuth,
      params,
      redirectUri,
      codeVerifier,
      context.options,
    );
    const { response: withoutIdToken, idToken } = await takeIdToken(response);
    const tokens = await oauth.processAuthorizationCodeResponse(context.as, context.client, withoutIdToken);
    return { tokens, idToken };
  } catch (error) {
    throw new KitAuthError(
      'oauth_exchange_failed',
      `The code exchange at the token endpoint of ${context.server} failed: ${describeFailure(error, context.timeoutMs)}.`,
      { cause: error },
    );
  }
}

/** The token response with its `id_token` removed, and that ID token. Any other answer is passed on as it came. */
async function takeIdToken(response: Response): Promise<{ response: Response; idToken: string | undefined }> {
  const text = await response.text();
  const rebuilt = (body: string) => {
    const headers = new Headers(response.headers);
    // The body is re-encoded, so the length and encoding of the original no longer describe it.
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { response: rebuilt(text), idToken: undefined };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('id_token' in body))
    return { response: rebuilt(text), idToken: undefined };
  const { id_token: idToken, ...rest } = body as Record<string, unknown>;
  return { response: rebuilt(JSON.stringify(rest)), idToken: typeof idToken === 'string' ? idToken : undefined };
}

/** The tokens as `onLogin` receives them. */
export function tokensOf(tokens: oauth.TokenEndpointResponse, idToken: string | undefined): OAuthTokens {
  return {
    accessToken: tokens.access_token,
    tokenType: tokens.token_type,
    ...(tokens.expires_in === undefined ? {} : { expiresIn: tokens.expires_in }),
    ...(tokens.refresh_token === undefined ? {} : { refreshToken: tokens.refresh_token }),
    ...(idToken === undefined ? {} : { idToken }),
    ...(tokens.scope === undefined ? {} : { scope: tokens.scope }),
  };
}

/** A failure of a request made after the exchange (user info), as `oauth_exchange_failed`. */
export function userInfoFailed(context: Pick<ExchangeContext, 'server' | 'timeoutMs'>, endpoint: string, error: unknown): KitAuthError {
  return new KitAuthError(
    'oauth_exchange_failed',
    `Reading the profile from the user-info endpoint ${endpoint} of ${context.server} failed: ${describeFailure(error, context.timeoutMs)}.`,
    { cause: error },
  );
}
