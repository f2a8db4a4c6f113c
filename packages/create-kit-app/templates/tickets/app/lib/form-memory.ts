/**
 * What a refused sign-up or sign-in form held, kept for one more showing of the form. The form posts are
 * answered with a redirect (so they work without JavaScript), and a redirect cannot carry the typed values;
 * putting them in the URL would leave e-mail addresses in the history and in logs. So they travel in a
 * short-lived cookie that only the form's own page receives. Passwords are never kept.
 */
export type RememberedForm = 'signup' | 'login';

/** The fields each form may keep; anything else in the cookie is ignored. */
const kept: Readonly<Record<RememberedForm, readonly string[]>> = { signup: ['name', 'email'], login: ['email'] };

const cookieName = (form: RememberedForm) => `kit_${form}_form`;

/** Ten minutes: long enough to correct a form, short enough not to refill it a day later. */
const lifetimeSeconds = 600;

/** The `Set-Cookie` value that keeps `values` (only the fields the form may keep, each cut to 300 characters). */
export function rememberForm(form: RememberedForm, values: Readonly<Record<string, string>>, secure: boolean): string {
  const fields: Record<string, string> = {};
  for (const field of kept[form]) if (values[field]) fields[field] = values[field].slice(0, 300);
  return `${cookieName(form)}=${encodeURIComponent(JSON.stringify(fields))}; HttpOnly; SameSite=Lax; Path=/${form}; Max-Age=${lifetimeSeconds}${secure ? '; Secure' : ''}`;
}

/**
 * What the form held when it was refused, from the request's cookies; empty when nothing was kept. Pages
 * read it only when their URL says the form was refused (`?error=`), so a cookie left from an earlier
 * attempt never fills a form opened afresh, and it simply expires.
 */
export function recallForm(request: Request, form: RememberedForm): Readonly<Record<string, string>> {
  const prefix = `${cookieName(form)}=`;
  const cookie = (request.headers.get('cookie') ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith(prefix));
  if (cookie === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(cookie.slice(prefix.length)));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const values: Record<string, string> = {};
    for (const field of kept[form]) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') values[field] = value;
    }
    return values;
  } catch {
    // A cookie that was tampered with, or cut: the form simply starts empty.
    return {};
  }
}
