/** One stored cookie, as a browser keeps it: host-only, with its path. */
export interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly host: string;
  readonly path: string;
}

/**
 * A browser for tests: real HTTP requests with fetch, redirects followed by hand, and a cookie jar that
 * honours `Path`, `Max-Age` and `Expires` (cookies are per host, not per port, as in browsers).
 */
export class TestBrowser {
  #cookies: StoredCookie[] = [];

  /** Sends a GET with the cookies that apply, stores the cookies of the answer, and never follows a redirect. */
  async get(url: string | URL): Promise<Response> {
    const target = new URL(url);
    const cookie = this.cookieHeader(target);
    const response = await fetch(target, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const header of response.headers.getSetCookie()) this.store(target, header);
    return response;
  }

  /**
   * Follows redirects from `url` until the next location satisfies `stop`, and returns that location
   * without requesting it. Throws when an answer is not a redirect.
   */
  async follow(url: string | URL, stop: (location: URL) => boolean, maxHops = 10): Promise<URL> {
    let next = new URL(url);
    for (let hop = 0; hop < maxHops; hop += 1) {
      if (stop(next)) return next;
      const response = await this.get(next);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || !location) {
        throw new Error(`Expected a redirect from ${next.href}, got ${response.status}: ${await response.text()}`);
      }
      await response.body?.cancel();
      next = new URL(location, next);
    }
    throw new Error(`More than ${maxHops} redirects from ${String(url)}`);
  }

  /** Stores the cookies of an answer obtained without this browser (from a handler called directly). */
  accept(url: string | URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) this.store(new URL(url), header);
  }

  /** The `Cookie` header this browser would send to `url`. */
  cookieHeader(url: string | URL): string {
    return this.cookiesFor(new URL(url))
      .map((stored) => `${stored.name}=${stored.value}`)
      .join('; ');
  }

  /** The cookies that would be sent to `url`. */
  cookiesFor(url: URL): StoredCookie[] {
    return this.#cookies.filter((stored) => stored.host === url.hostname && pathMatches(url.pathname, stored.path));
  }

  /** The stored cookie `name` (the first, when several paths hold one). */
  cookie(name: string): StoredCookie | undefined {
    return this.#cookies.find((stored) => stored.name === name);
  }

  /** Replaces the value of a stored cookie, as a user editing their cookies could. */
  setCookieValue(name: string, value: string): void {
    this.#cookies = this.#cookies.map((stored) => (stored.name === name ? { ...stored, value } : stored));
  }

  /** Forgets a cookie, as a browser without it (another browser, or cookies cleared) would. */
  deleteCookie(name: string): void {
    this.#cookies = this.#cookies.filter((stored) => stored.name !== name);
  }

  private store(url: URL, header: string): void {
    const [pair = '', ...attributes] = header.split(';');
    const equals = pair.indexOf('=');
    if (equals <= 0) return;
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    let path = defaultPath(url.pathname);
    let expired = false;
    for (const attribute of attributes) {
      const [key = '', ...rest] = attribute.split('=');
      const argument = rest.join('=').trim();
      const lower = key.trim().toLowerCase();
      if (lower === 'path' && argument.startsWith('/')) path = argument;
      if (lower === 'max-age' && Number(argument) <= 0) expired = true;
      if (lower === 'expires' && Date.parse(argument) <= Date.now()) expired = true;
    }
    this.#cookies = this.#cookies.filter((stored) => !(stored.name === name && stored.host === url.hostname && stored.path === path));
    if (!expired) this.#cookies.push({ name, value, host: url.hostname, path });
  }
}

// RFC 6265 5.1.4.
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

// RFC 6265 5.1.4: the directory of the request path.
function defaultPath(requestPath: string): string {
  const slash = requestPath.lastIndexOf('/');
  return slash <= 0 ? '/' : requestPath.slice(0, slash);
}
