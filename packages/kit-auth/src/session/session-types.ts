/**
 * The claims an application puts in a session: `sub` names the subject (a user id); every other claim is the
 * application's own (a display name, a tenant, `permissions`, a `cnf.jkt` DPoP binding). `iat`, `exp` and `jti`
 * are set by `signSession` and overwritten if present.
 */
export type SessionClaims = Readonly<Record<string, unknown>>;

/** A verified session: the claims it was signed with, plus when it was issued and when it expires (seconds since the epoch). */
export type SessionPayload = SessionClaims & {
  readonly iat: number;
  readonly exp: number;
  readonly jti?: string;
  readonly sub?: string;
};
