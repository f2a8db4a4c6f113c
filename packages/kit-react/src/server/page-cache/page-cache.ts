import { randomUUID } from 'node:crypto';

/** A page kept by `PageCache`: its answer as the server rendered it, as plain data (what a build writes too). */
export interface CachedPage {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
  /** The nonce the page's inline scripts and its Content-Security-Policy carry when it was rendered; '' for none. */
  readonly nonce: string;
  /** When it was rendered (milliseconds since the epoch). */
  readonly renderedAt: number;
}

/** Options of `PageCache`. */
export interface PageCacheOptions {
  /** Most pages kept (documents and navigation payloads count apart); the least recently used go first. Default 1000. */
  readonly maxEntries?: number;
  /**
   * Told when rendering a kept page again fails (it threw, or answered another status than 200): the last
   * good page is served meanwhile. Told once per failing page until a regeneration succeeds. Default:
   * `console.error`.
   */
  readonly onError?: (error: unknown, path: string) => void;
  /** The clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

/** How long a kept page is served before it is rendered again: seconds, or `null` for as long as the process runs. */
export type RevalidateSeconds = number | null;

/** A page ready to serve: the body cut where its nonce stands, once, so each answer only joins it with a fresh one. */
interface KeptPage {
  readonly page: CachedPage;
  readonly bodyParts: readonly string[];
}

interface Entry extends KeptPage {
  /** Served as fresh until then; a stale page is served while one regeneration runs. */
  freshUntil: number;
  failing: boolean;
}

/** Where a cached answer came from, in the `Kit-Page-Cache` header: for people looking at a response, and tests. */
type CacheState = 'hit' | 'stale' | 'miss';

const nonceInPolicy = /'nonce-([^']+)'/;

/**
 * A rendered answer as a page to keep: its whole body, its headers and the nonce its policy names, which
 * `PageCache` replaces with a fresh one in every answer. What `kit build` writes for a prerendered page too.
 *
 * @example
 * ```ts
 * import { cachedPageOf } from '@kit/kit-react/server';
 *
 * const response = new Response('<h1>Prices</h1>', { headers: { 'Content-Type': 'text/html' } });
 * const page = await cachedPageOf(response);
 * console.log(page.status, page.body, page.nonce === ''); // 200 <h1>Prices</h1> true
 * ```
 */
export async function cachedPageOf(response: Response, renderedAt: number = Date.now()): Promise<CachedPage> {
  const body = await response.text();
  const policy = response.headers.get('content-security-policy') ?? '';
  const nonce = nonceInPolicy.exec(policy)?.[1] ?? '';
  return { status: response.status, headers: [...response.headers], body, nonce, renderedAt };
}

/** Only a whole 200 that sets no cookie may be given to someone else. */
function isShareable(page: CachedPage): boolean {
  return page.status === 200 && !page.headers.some(([name]) => name.toLowerCase() === 'set-cookie');
}

function statusError(page: CachedPage): Error {
  return new Error(`rendering it answered ${page.status} instead of 200; the last good page is served until it renders again`);
}

/**
 * The server's copies of pages declared `cache: { revalidate }` or `prerender`: it gives every visitor the
 * same page, renders a page again in the background once it is older than its `revalidate` (serving the
 * stale one meanwhile, one regeneration at a time per page), shares one render between the requests that
 * miss at once, and keeps serving the last good page when a regeneration fails. Each answer gets a fresh
 * nonce: the one the page was rendered with is replaced in its scripts and its Content-Security-Policy,
 * so a kept page is as strict as a rendered one. It keeps pages in the memory of this process only.
 *
 * It decides nothing about who may share a page: `kit start` asks it only for visitors who are not signed
 * in, so a person's page is never kept.
 *
 * @example
 * ```ts
 * import { PageCache } from '@kit/kit-react/server';
 *
 * const cache = new PageCache({ maxEntries: 500 });
 * const render = async () => new Response('<h1>Prices</h1>', { headers: { 'Content-Type': 'text/html' } });
 * const first = await cache.answer('/prices', 'html', 60, render); // rendered, then kept for 60 s
 * const second = await cache.answer('/prices', 'html', 60, render); // the kept copy
 * console.log(first.headers.get('kit-page-cache'), second.headers.get('kit-page-cache')); // miss hit
 * ```
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();
  readonly #misses = new Map<string, Promise<KeptPage>>();
  readonly #regenerating = new Set<string>();
  readonly #maxEntries: number;
  readonly #onError: (error: unknown, path: string) => void;
  readonly #now: () => number;

  constructor(options: PageCacheOptions = {}) {
    const maxEntries = options.maxEntries ?? 1000;
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new TypeError(`PageCache: maxEntries must be a positive whole number, got ${String(options.maxEntries)}`);
    }
    this.#maxEntries = maxEntries;
    this.#onError =
      options.onError ?? ((error, path) => console.error(`[kit-react] The cached page ${path} could not be rendered again:`, error));
    this.#now = options.now ?? Date.now;
  }

  /** How many pages are kept now. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The answer for `target` (path and query) of the given kind: the kept page while it is fresh; the kept
   * page, and one regeneration in the background, once it is stale; else `render()`'s answer, kept when it
   * is a 200 that sets no cookie. `revalidate` is the page's setting, in seconds (`null`: never stale).
   */
  async answer(
    target: string,
    kind: 'html' | 'payload',
    revalidate: RevalidateSeconds,
    render: () => Promise<Response>,
  ): Promise<Response> {
    const key = `${kind} ${target}`;
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      // Most recently used last: the first entries are the ones to let go of.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      if (this.#now() < entry.freshUntil) return served(entry, 'hit');
      this.#regenerate(key, target, revalidate, render, entry);
      return served(entry, 'stale');
    }
    let pending = this.#misses.get(key);
    if (pending === undefined) {
      pending = render().then(async (response) => keptOf(await cachedPageOf(response, this.#now())));
      this.#misses.set(key, pending);
      pending.then(
        (kept) => {
          this.#misses.delete(key);
          if (isShareable(kept.page)) this.#keep(key, kept, revalidate);
        },
        () => this.#misses.delete(key),
      );
    }
    return served(await pending, 'miss');
  }

  /**
   * Keeps a page rendered elsewhere (a prerendered page of the build), as if it had just been rendered at
   * `page.renderedAt`.
   */
  seed(target: string, kind: 'html' | 'payload', revalidate: RevalidateSeconds, page: CachedPage): void {
    if (isShareable(page)) this.#keep(`${kind} ${target}`, keptOf(page), revalidate);
  }

  /**
   * Lets go of the kept copies of `path` (with any query), documents and payloads, so the next request
   * renders it afresh: what an action that changed the page's data calls (`revalidate(path)` of its
   * arguments).
   */
  invalidate(path: string): void {
    for (const key of [...this.#entries.keys()]) {
      const target = key.slice(key.indexOf(' ') + 1);
      const query = target.indexOf('?');
      if ((query === -1 ? target : target.slice(0, query)) === path) this.#entries.delete(key);
    }
  }

  #keep(key: string, kept: KeptPage, revalidate: RevalidateSeconds): void {
    this.#entries.delete(key);
    this.#entries.set(key, { ...kept, freshUntil: freshUntil(kept.page.renderedAt, revalidate), failing: false });
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  #regenerate(key: string, target: string, revalidate: RevalidateSeconds, render: () => Promise<Response>, entry: Entry): void {
    if (this.#regenerating.has(key)) return;
    this.#regenerating.add(key);
    const failed = (error: unknown) => {
      if (!entry.failing) this.#onError(error, target);
      entry.failing = true;
      // The last good page is served for another period before the next attempt, not re-rendered on every request.
      entry.freshUntil = freshUntil(this.#now(), revalidate);
    };
    void render()
      .then((response) => cachedPageOf(response, this.#now()))
      .then((page) => {
        if (!isShareable(page)) return failed(statusError(page));
        // Unless the page was let go of meanwhile (an action changed it): then the next request renders it.
        if (this.#entries.get(key) === entry) this.#keep(key, keptOf(page), revalidate);
      }, failed)
      .finally(() => this.#regenerating.delete(key));
  }
}

function freshUntil(from: number, revalidate: RevalidateSeconds): number {
  return revalidate === null ? Number.POSITIVE_INFINITY : from + revalidate * 1000;
}

function keptOf(page: CachedPage): KeptPage {
  return { page, bodyParts: page.nonce === '' ? [page.body] : page.body.split(page.nonce) };
}

/** A kept page as an answer of its own, with a nonce of its own. */
function served({ page, bodyParts }: KeptPage, state: CacheState): Response {
  const nonce = page.nonce === '' ? '' : randomUUID();
  const headers = new Headers();
  for (const [name, value] of page.headers)
    headers.append(name, nonce !== '' && name.toLowerCase() === 'content-security-policy' ? value.split(page.nonce).join(nonce) : value);
  headers.set('Kit-Page-Cache', state);
  return new Response(bodyParts.length === 1 ? bodyParts[0]! : bodyParts.join(nonce), { status: page.status, headers });
}
