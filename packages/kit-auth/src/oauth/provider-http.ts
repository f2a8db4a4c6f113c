import * as oauth from 'oauth4webapi';
import { KitAuthError } from '../errors/kit-auth-error.js';

/** How long one request to an identity provider may take when the provider sets no `timeoutMs`. */
export const defaultProviderTimeoutMs = 10_000;

/**
 * The address of an identity provider endpoint, checked: HTTPS, or plain HTTP on a loopback host only
 * (a provider on the same machine, as in development and tests), since codes and tokens cross this link.
 */
export function providerUrl(value: unknown, option: string, component: string): URL {
  const shown = describeValue(value);
  const parsed = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new KitAuthError('invalid_config', `${component}: ${option} must be an absolute https:// URL, got ${shown}.`);
  }
  if (parsed.protocol === 'http:' && !isLoopback(parsed)) {
    throw new KitAuthError(
      'invalid_config',
      `${component}: ${option} ${shown} uses plain http on a host that is not loopback; use https:// (http is accepted only for localhost, 127.0.0.1 and [::1]).`,
    );
  }
  if (parsed.username || parsed.password || parsed.hash) {
    throw new KitAuthError('invalid_config', `${component}: ${option} ${shown} must not carry credentials or a #fragment.`);
  }
  return parsed;
}

/** A bad option value as an error message shows it: strings quoted, anything else by its kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return value === '' ? 'an empty string' : JSON.stringify(value.length <= 100 ? value : `${value.slice(0, 100)}…`);
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Whether a URL points at this machine, where plain HTTP exposes nothing on the network. */
export function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
}

/** The options every oauth4webapi request of one provider gets: a fresh timeout, and http allowed on loopback. */
export interface ProviderRequestOptions {
  readonly signal: (url: string) => AbortSignal;
  readonly [oauth.allowInsecureRequests]?: boolean;
}

export function requestOptions(timeoutMs: number, insecure: boolean): ProviderRequestOptions {
  // oauth4webapi refuses http:// unless told; that is only ever told for loopback providers (see providerUrl).
  return { signal: () => AbortSignal.timeout(timeoutMs), ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}) };
}

/** Checks a `timeoutMs` option: a positive number of milliseconds. */
export function timeoutOption(value: unknown, component: string): number {
  if (value === undefined) return defaultProviderTimeoutMs;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new KitAuthError(
      'invalid_config',
      `${component}: timeoutMs must be a positive number of milliseconds, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

/** Checks a required string option such as `clientId`. */
export function stringOption(value: unknown, option: string, component: string): string {
  if (typeof value !== 'string' || value === '') {
    // A string here is always empty, so no secret is repeated.
    throw new KitAuthError(
      'invalid_config',
      `${component}: ${option} must be a non-empty string (from the provider's app registration), got ${describeValue(value)}.`,
    );
  }
  return value;
}

/** Checks a `scopes` option: scope tokens without spaces. */
export function scopesOption(value: unknown, fallback: readonly string[], component: string): string[] {
  if (value === undefined) return [...fallback];
  if (!Array.isArray(value) || !value.every((scope) => typeof scope === 'string' && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    throw new KitAuthError(
      'invalid_config',
      `${component}: scopes must be an array of scope names without spaces (['openid', 'email']), got ${JSON.stringify(value)}.`,
    );
  }
  return [...new Set(value as string[])];
}

/** Parameters of the authorization request that the login flow itself sets, so options may not replace them. */
const reservedParameters = new Set([
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'nonce',
]);

/** Checks `authorizationParams`: extra string parameters of the authorization request (`prompt`, `access_type`). */
export function authorizationParamsOption(value: unknown, component: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new KitAuthError(
      'invalid_config',
      `${component}: authorizationParams must be an object of string parameters such as { prompt: 'select_account' }.`,
    );
  }
  const params: Record<string, string> = {};
  for (const [name, param] of Object.entries(value)) {
    if (reservedParameters.has(name)) {
      throw new KitAuthError(
        'invalid_config',
        `${component}: authorizationParams may not set ${name}; the login flow sets it (use scopes for scope).`,
      );
    }
    if (typeof param !== 'string')
      throw new KitAuthError('invalid_config', `${component}: authorizationParams.${name} must be a string, got a ${typeof param}.`);
    params[name] = param;
  }
  return params;
}

/** Whether an error is the network failing (no answer, refused, timed out) rather than an answer that is wrong. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  return error instanceof TypeError && error.message === 'fetch failed';
}

/** An answer of a provider that is not what was asked for; its message is the whole description (`it answered HTTP 404`). */
export class UnexpectedAnswer extends Error {}

/** What went wrong talking to a provider, in a few words for an error message (never a token or secret). */
export function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof UnexpectedAnswer) return error.message;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs} ms`;
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = error.cause as { code?: unknown; errors?: { code?: unknown }[]; message?: unknown } | undefined;
    const code = cause?.code ?? cause?.errors?.[0]?.code;
    return `it cannot be reached (${typeof code === 'string' ? code : typeof cause?.message === 'string' ? cause.message : 'network error'})`;
  }
  if (error instanceof oauth.ResponseBodyError) {
    const description = error.error_description ? ` ${quoteText(error.error_description)}` : '';
    return `it answered HTTP ${error.status} ${quoteText(error.error)}${description}`;
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const challenge = error.cause[0];
    const code = challenge?.parameters.error;
    return `it answered HTTP ${error.response.status} with a ${challenge?.scheme ?? 'WWW-Authenticate'} challenge${code ? ` ${quoteText(code)}` : ''} (check clientId and clientSecret)`;
  }
  // The cause is the fetch Response, compared by shape: a Response of Node's fetch need not be an instance
  // of the global Response class in every runtime set-up.
  const status = (error as { cause?: { status?: unknown } } | undefined)?.cause?.status;
  if (error instanceof oauth.OperationProcessingError && error.code === oauth.RESPONSE_IS_NOT_CONFORM && typeof status === 'number') {
    return `it answered HTTP ${status}`;
  }
  if (error instanceof oauth.OperationProcessingError && error.code === oauth.RESPONSE_IS_NOT_JSON) return 'its answer is not JSON';
  if (error instanceof Error) return `its answer is not acceptable: ${error.message}`;
  return 'an unknown failure';
}

/** A value from a provider, quoted and shortened, since it ends up in a problem document. */
export function quoteText(value: string, max = 120): string {
  return JSON.stringify(value.length <= max ? value : `${value.slice(0, max)}…`);
}
