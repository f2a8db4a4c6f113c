import type { HeaderRecord } from './header-record.js';

/**
 * The `Referrer-Policy` values browsers understand.
 *
 * @example
 * ```ts
 * import type { ReferrerPolicyValue } from '@kit/kit-core';
 *
 * const policy: ReferrerPolicyValue = 'same-origin';
 * ```
 */
export type ReferrerPolicyValue =
  | 'no-referrer'
  | 'no-referrer-when-downgrade'
  | 'origin'
  | 'origin-when-cross-origin'
  | 'same-origin'
  | 'strict-origin'
  | 'strict-origin-when-cross-origin'
  | 'unsafe-url';

/**
 * The security headers of an app's HTML pages (`KitConfig.securityHeaders`), as changes to kit's strict
 * defaults; leave a field out to keep its default. Every page also carries `X-Content-Type-Options: nosniff`.
 *
 * @example
 * ```ts
 * import type { PageSecurityHeaders } from '@kit/kit-core';
 *
 * // Show images from a CDN, and let the app's own pages frame it.
 * const headers: PageSecurityHeaders = {
 *   contentSecurityPolicy: { 'img-src': "'self' data: https://images.example.com", 'frame-ancestors': "'self'" },
 *   frameOptions: 'SAMEORIGIN',
 * };
 * ```
 */
export interface PageSecurityHeaders {
  /**
   * Directives of the `Content-Security-Policy`, by name, replacing kit's value of that directive or
   * added to them; a directive set to `false` is left out, and `false` in place of the whole object sends
   * no policy. kit adds each page's nonce to `script-src` (its inline scripts carry it), so keep that
   * directive. The defaults are `defaultContentSecurityPolicy`.
   */
  readonly contentSecurityPolicy?: Readonly<Record<string, string | false>> | false;
  /**
   * `X-Frame-Options`, for browsers that predate `frame-ancestors`: `DENY` by default, `SAMEORIGIN`, or
   * `false` for none. Change `frame-ancestors` with it, which is what current browsers obey.
   */
  readonly frameOptions?: 'DENY' | 'SAMEORIGIN' | false;
  /** `Referrer-Policy`: `strict-origin-when-cross-origin` by default, or `false` for none. */
  readonly referrerPolicy?: ReferrerPolicyValue | false;
}

/**
 * kit's default `Content-Security-Policy` of pages, directive by directive: the app's own scripts (and
 * inline scripts carrying the page's nonce), its own styles plus inline style attributes (components
 * use them, and a style runs no code), images from itself and `data:`, connections (fetch, server-sent
 * events) to itself, no plugins, no `<base>`, forms posted only to itself, and no framing by any page.
 *
 * @example
 * ```ts
 * import { defaultContentSecurityPolicy } from '@kit/kit-core/http';
 *
 * console.log(defaultContentSecurityPolicy['frame-ancestors']); // 'none'
 * ```
 */
export const defaultContentSecurityPolicy: Readonly<Record<string, string>> = Object.freeze({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
});

/**
 * Security headers made once from a `PageSecurityHeaders` (by `pageSecurityPolicy`), applied to each
 * page with its own nonce.
 *
 * @example
 * ```ts
 * import { pageSecurityPolicy, type PageSecurityPolicy } from '@kit/kit-core/http';
 *
 * const policy: PageSecurityPolicy = pageSecurityPolicy();
 * const headers = new Headers();
 * policy.apply(headers, 'a-fresh-random-nonce');
 * console.log(policy.usesNonce, headers.get('X-Frame-Options')); // true DENY
 * ```
 */
export interface PageSecurityPolicy {
  /** Whether the policy names a nonce: when false, a renderer need not make one. */
  readonly usesNonce: boolean;
  /**
   * Sets the headers on `headers` (a `Headers`, or a `HeaderRecord` not yet read), the policy's
   * `script-src` allowing inline scripts that carry `nonce`.
   */
  apply(headers: Headers | HeaderRecord, nonce: string): void;
}

const compiled = new WeakMap<PageSecurityHeaders, PageSecurityPolicy>();
let defaultPolicy: PageSecurityPolicy | undefined;

/**
 * The security headers of pages with `config`'s changes to the defaults, checked and assembled once
 * per `config` object (later calls with the same object return the same policy), so each page only
 * joins its nonce into the policy. Renderers call it; kit-react's `renderPage` does for every page.
 * A directive name that is not lower-case letters and dashes, or a value holding `;`, `,` or a line
 * break, is a `TypeError` naming it.
 *
 * @example
 * ```ts
 * import { randomUUID } from 'node:crypto';
 * import { pageSecurityPolicy } from '@kit/kit-core/http';
 *
 * const policy = pageSecurityPolicy({ referrerPolicy: 'no-referrer' });
 * const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
 * const nonce = randomUUID();
 * policy.apply(headers, nonce);
 * const html = `<!doctype html><script nonce="${nonce}">document.title = 'hi';</script>`;
 * const response = new Response(html, { headers });
 * ```
 */
export function pageSecurityPolicy(config?: PageSecurityHeaders): PageSecurityPolicy {
  if (config === undefined) return (defaultPolicy ??= compile({}));
  let policy = compiled.get(config);
  if (policy === undefined) {
    policy = compile(config);
    compiled.set(config, policy);
  }
  return policy;
}

function compile(config: PageSecurityHeaders): PageSecurityPolicy {
  if (typeof config !== 'object' || config === null)
    throw new TypeError(
      `securityHeaders must be an object such as { frameOptions: 'SAMEORIGIN' }, got ${config === null ? 'null' : typeof config}`,
    );
  // Names in lower case: a record takes them as they are, a Headers whatever their case.
  const fixed: [string, string][] = [['x-content-type-options', 'nosniff']];
  const frameOptions = config.frameOptions ?? 'DENY';
  if (frameOptions !== false) {
    if (frameOptions !== 'DENY' && frameOptions !== 'SAMEORIGIN')
      throw new TypeError(`securityHeaders.frameOptions must be 'DENY', 'SAMEORIGIN' or false, got ${JSON.stringify(frameOptions)}`);
    fixed.push(['x-frame-options', frameOptions]);
  }
  const referrerPolicy = config.referrerPolicy ?? 'strict-origin-when-cross-origin';
  if (referrerPolicy !== false) fixed.push(['referrer-policy', checkValue('referrerPolicy', referrerPolicy)]);

  const csp = config.contentSecurityPolicy;
  if (csp === false) return { usesNonce: false, apply: (headers) => setAll(headers, fixed) };
  if (csp !== undefined && (typeof csp !== 'object' || csp === null))
    throw new TypeError(
      `securityHeaders.contentSecurityPolicy must be an object of directives such as { 'img-src': "'self' data:" }, or false, got ${csp === null ? 'null' : typeof csp}`,
    );
  const directives: Record<string, string | false> = { ...defaultContentSecurityPolicy, ...csp };
  // The policy as the text before the nonce and the text after it, so a page costs one concatenation.
  let before = '';
  let after = '';
  let usesNonce = false;
  for (const [name, value] of Object.entries(directives)) {
    if (value === false) continue;
    if (!/^[a-z][a-z-]*$/.test(name))
      throw new TypeError(
        `securityHeaders.contentSecurityPolicy: ${JSON.stringify(name)} is not a directive name; use lower-case names such as 'img-src'`,
      );
    const text = `${name} ${checkValue(`contentSecurityPolicy['${name}']`, value)}`.trim();
    if (name === 'script-src') {
      before += `${before === '' ? '' : '; '}${text} 'nonce-`;
      after = `'`;
      usesNonce = true;
    } else if (usesNonce) after += `; ${text}`;
    else before += `${before === '' ? '' : '; '}${text}`;
  }
  // Every directive left out: no policy at all, as with `contentSecurityPolicy: false`.
  if (before === '') return { usesNonce: false, apply: (headers) => setAll(headers, fixed) };
  return {
    usesNonce,
    apply: (headers, nonce) => {
      put(headers, 'content-security-policy', usesNonce ? `${before}${nonce}${after}` : before);
      setAll(headers, fixed);
    },
  };
}

function put(headers: Headers | HeaderRecord, name: string, value: string): void {
  if (headers instanceof Headers) headers.set(name, value);
  else headers[name] = value;
}

function setAll(headers: Headers | HeaderRecord, pairs: readonly [string, string][]): void {
  for (const [name, value] of pairs) put(headers, name, value);
}

/** A header value as given, refused when it could end the directive or the header it goes in. */
function checkValue(what: string, value: unknown): string {
  if (typeof value !== 'string' || /[;,\r\n]/.test(value)) {
    throw new TypeError(
      `securityHeaders.${what} must be text without ';', ',' or line breaks, got ${JSON.stringify(value) ?? String(value)}`,
    );
  }
  return value;
}
