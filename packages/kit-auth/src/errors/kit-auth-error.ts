import { KitError } from '@kit/kit-core';

/**
 * Stable codes of the errors kit-auth raises, each with the HTTP status it is answered with when it
 * reaches a kit app: 401 for credentials that prove nothing (so the client may retry with others),
 * 403 for valid credentials that may not do this, 400 for a malformed protocol message or input, 429 for
 * too many sign-in attempts, 500 for a misconfiguration of the application itself.
 *
 * @example
 * ```ts
 * import { kitAuthErrorCodes } from '@kit/kit-auth';
 *
 * console.log(kitAuthErrorCodes.session_expired, kitAuthErrorCodes.spiffe_trust_domain); // 401 403
 * ```
 */
export const kitAuthErrorCodes = {
  // Configuration mistakes of the application (never the caller's fault).
  invalid_config: 500,
  // Credentials in general: an Authorization header that names a scheme but carries no credential.
  authorization_malformed: 401,
  // Sessions.
  session_malformed: 401,
  session_invalid: 401,
  session_expired: 401,
  /** A session signed out (one session, or every session of its person) before its `exp`. */
  session_revoked: 401,
  // API keys.
  api_key_malformed: 401,
  api_key_invalid: 401,
  api_key_revoked: 401,
  api_key_expired: 401,
  // Passwords and sign-in.
  /** A password longer than `maxPasswordBytes` (1,024 bytes of UTF-8), refused before any hashing. */
  password_too_long: 400,
  /** Too many sign-in or sign-up attempts for one account or from one client; answered with `Retry-After`. */
  too_many_attempts: 429,
  // Permissions.
  permission_malformed: 500,
  // DPoP (RFC 9449).
  dpop_malformed: 401,
  dpop_invalid: 401,
  dpop_replayed: 401,
  dpop_required: 401,
  dpop_key_mismatch: 401,
  // SPIFFE / mutual TLS.
  mtls_untrusted: 401,
  spiffe_id_missing: 401,
  spiffe_id_malformed: 401,
  spiffe_trust_domain: 403,
  spiffe_workload_unknown: 403,
  // OAuth and OpenID Connect.
  oauth_unknown_provider: 404,
  oauth_state_mismatch: 403,
  oauth_provider_error: 403,
  oauth_exchange_failed: 502,
  oauth_id_token_invalid: 403,
  oauth_login_refused: 403,
  oauth_discovery_failed: 502,
  oauth_callback_invalid: 400,
} as const;

/** One of the stable kit-auth error codes. */
export type KitAuthErrorCode = keyof typeof kitAuthErrorCodes;

/**
 * The error of every kit-auth check. `message` names what failed and how to fix it, without the
 * secret itself. `toKitError()` gives the kit-core error a kit app answers with (a 401, 403 or 400
 * problem document).
 *
 * @example
 * ```ts
 * import { KitAuthError, verifySession } from '@kit/kit-auth';
 *
 * try {
 *   await verifySession('not-a-token', 'a-secret-of-at-least-thirty-two-characters!');
 * } catch (error) {
 *   if (error instanceof KitAuthError) console.log(error.code); // session_malformed
 * }
 * ```
 */
export class KitAuthError extends Error {
  readonly code: KitAuthErrorCode;
  /** For `too_many_attempts`: whole seconds until another attempt is counted again (the `Retry-After` of the answer). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: KitAuthErrorCode, message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitAuthError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The HTTP status of this error's code. */
  get status(): number {
    return kitAuthErrorCodes[this.code];
  }

  /**
   * The kit-core error a kit app answers with: `unauthorized` (with a `WWW-Authenticate` challenge),
   * `forbidden`, `not_found`, `invalid_input` (a password too long), `rate_limited` (with `Retry-After`),
   * `bad_gateway` (an identity provider failed), or `internal` for configuration mistakes, which are not the caller's.
   */
  toKitError(): KitError {
    const status = this.status;
    if (status === 401) {
      // RFC 9449: a bad proof is invalid_dpop_proof; a missing one (for a key-bound credential) is invalid_token.
      const challenge = !this.code.startsWith('dpop_')
        ? 'Bearer error="invalid_token"'
        : this.code === 'dpop_required'
          ? 'DPoP error="invalid_token"'
          : 'DPoP error="invalid_dpop_proof"';
      return new KitError('unauthorized', this.message, { headers: { 'WWW-Authenticate': challenge }, cause: this });
    }
    if (status === 403) return new KitError('forbidden', this.message, { cause: this });
    if (status === 404) return new KitError('not_found', this.message, { cause: this });
    if (status === 429)
      return new KitError('rate_limited', this.message, {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(this.retryAfterSeconds ?? 1))) },
        cause: this,
      });
    if (this.code === 'password_too_long') return new KitError('invalid_input', this.message, { cause: this });
    if (status === 400) return new KitError('bad_request', this.message, { cause: this });
    if (status === 502) return new KitError('bad_gateway', this.message, { cause: this });
    // A misconfiguration is the application's to fix, not the caller's: the caller gets the generic 500,
    // and the message reaches the app's onError through the cause.
    return new KitError('internal', 'The server failed to answer this request; it has been logged.', { cause: this });
  }
}
