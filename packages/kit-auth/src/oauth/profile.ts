import type { OAuthProfile } from './oauth-types.js';

/**
 * The profile of a person from what a provider said about them. The standard OpenID Connect claims
 * (`email`, `email_verified`, `name`, `picture`) come first; the names plain OAuth 2.0 APIs often use
 * instead (`login`, `avatar_url`) fill what is missing.
 */
export function profileFromClaims(subject: string, raw: Readonly<Record<string, unknown>>): OAuthProfile {
  const email = text(raw.email);
  const emailVerified = flag(raw.email_verified);
  const name = text(raw.name) ?? text(raw.preferred_username) ?? text(raw.login);
  const picture = text(raw.picture) ?? text(raw.avatar_url);
  return {
    subject,
    ...(email === undefined ? {} : { email }),
    ...(emailVerified === undefined ? {} : { emailVerified }),
    ...(name === undefined ? {} : { name }),
    ...(picture === undefined ? {} : { picture }),
    raw,
  };
}

/** The subject of a plain OAuth 2.0 user-info answer: its `sub`, else its `id` (a number at many APIs). */
export function subjectOf(raw: Readonly<Record<string, unknown>>): string | undefined {
  for (const value of [raw.sub, raw.id]) {
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  }
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// Some providers send the boolean as a string.
function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}
