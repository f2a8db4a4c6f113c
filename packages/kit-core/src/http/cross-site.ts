import { KitError } from '../errors/kit-error.js';
import { quoteInput } from '../errors/problem.js';
import { browserOrigin } from './origin.js';

/**
 * Whether a method may change state, so that a browser must not be made to send it from another
 * site's page. GET, HEAD and OPTIONS only read, by HTTP's rules and by kit's.
 */
export function isUnsafeMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * The origins of `trustedOrigins` as browsers write them in `Origin` (`https://app.example.com`: lower
 * case, no default port, no path), so a request's header is compared to them as it is. A value that is
 * not such an origin is a `TypeError` naming it and the expected form.
 */
export function trustedOriginSet(component: string, origins: readonly string[] | undefined): ReadonlySet<string> {
  if (origins === undefined) return new Set();
  if (!Array.isArray(origins))
    throw new TypeError(
      `${component}: trustedOrigins must be a list of origins such as ["https://admin.example.com"], got ${typeof origins}`,
    );
  return new Set(origins.map((origin) => normalizeOrigin(component, origin)));
}

function normalizeOrigin(component: string, origin: unknown): string {
  const normalized = browserOrigin(origin);
  if (normalized === undefined) {
    throw new TypeError(
      `${component}: trustedOrigins must hold origins such as "https://admin.example.com" (scheme, host and optional port, no path), got ${JSON.stringify(origin) ?? String(origin)}`,
    );
  }
  return normalized;
}

/**
 * The refusal of a browser request that another site's page may have forged, or undefined when the
 * request may go on. Call it for unsafe methods only (`isUnsafeMethod`). The rule, in order:
 *
 * 1. `Origin` is one of `trusted`: allowed.
 * 2. `Sec-Fetch-Site` is present (every current browser sends it): `same-origin` and `none` (the person
 *    typed or chose the address) are allowed; `same-site` and `cross-site` are refused. A page on another
 *    port or subdomain of the same site is `same-site`, which SameSite cookies do not stop.
 * 3. Without `Sec-Fetch-Site`, `Origin` decides: allowed when its host (and port) is the request's
 *    `Host`, refused otherwise, `Origin: null` included (a sandboxed frame, a `data:` page). The scheme
 *    is not compared, since a proxy may end TLS in front of the app.
 * 4. Neither header: allowed. Browsers send `Origin` with every cross-origin unsafe request, so this is
 *    not a browser's cross-site request; it is a program (curl, an agent, a test), which carries no
 *    ambient cookies to abuse.
 *
 * A request that would be refused is still allowed when it carries its own credential (an API key in
 * `Authorization: Bearer`, `X-API-Key`, or a DPoP-bound token) and no `Cookie`: a page of another site
 * cannot make a browser add those, since they need a CORS preflight the app does not grant. A client
 * certificate does not count, since a browser presents it by itself, as it sends cookies.
 */
export function crossSiteRefusal(request: Request, trusted: ReadonlySet<string>): KitError | undefined {
  const headers = request.headers;
  const origin = headers.get('origin');
  const site = headers.get('sec-fetch-site');
  if (origin === null && site === null) return undefined;
  if (origin !== null && trusted.has(origin)) return undefined;
  if (site !== null) {
    if (site === 'same-origin' || site === 'none') return undefined;
  } else if (origin !== null && origin !== 'null' && sameHost(origin, request.url)) {
    return undefined;
  }
  if (headers.get('cookie') === null && carriesOwnCredential(headers)) return undefined;
  const where = quoteInput(pathOf(request.url));
  const from = origin !== null ? `a page at ${quoteInput(origin)}` : `a page of another site (Sec-Fetch-Site: ${quoteInput(site ?? '')})`;
  const fix =
    origin !== null && origin !== 'null'
      ? `if that page may act on this app, add ${quoteInput(origin)} to trustedOrigins of createKitApp (kit.config.ts)`
      : 'if the page may act on this app, add its origin to trustedOrigins of createKitApp (kit.config.ts)';
  return new KitError(
    'forbidden',
    `Cross-site request refused: ${request.method} ${where} comes from ${from}, not from this app, so another site may have forged it; ${fix}.`,
  );
}

/** `Authorization: Bearer …` or `DPoP …` (an API key or an OAuth token), or `X-API-Key`. */
function carriesOwnCredential(headers: Headers): boolean {
  if (headers.get('x-api-key') !== null) return true;
  const authorization = headers.get('authorization');
  if (authorization === null) return false;
  const scheme = authorization.slice(0, authorization.indexOf(' ')).toLowerCase();
  return scheme === 'bearer' || scheme === 'dpop';
}

/** Whether the origin's host and port are the URL's, default ports aside, without parsing either as a URL. */
function sameHost(origin: string, url: string): boolean {
  return withoutDefaultPort(hostOf(origin)) === withoutDefaultPort(hostOf(url));
}

/** The `host[:port]` of an absolute URL or an origin. */
function hostOf(url: string): string {
  const start = url.indexOf('//');
  if (start === -1) return '';
  const end = url.indexOf('/', start + 2);
  return url.slice(start + 2, end === -1 ? undefined : end).toLowerCase();
}

function withoutDefaultPort(host: string): string {
  return host.endsWith(':80') || host.endsWith(':443') ? host.slice(0, host.lastIndexOf(':')) : host;
}

/** The path of an absolute URL, without its query. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  return url.slice(start, query === -1 ? undefined : query);
}
