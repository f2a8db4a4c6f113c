import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineMiddleware, type MiddlewareDefinition } from '@kit/kit-core';
import { matchesEtag } from '@kit/kit-core/internal';

/** Bounds of the response cache. */
export interface ResponseCacheOptions {
  /** The content version; a change empties the cache, so a reload is seen at once. */
  readonly version: () => number;
  /** Whether responses of this path may be cached: they must depend only on the url and the content. */
  readonly cacheable: (path: string) => boolean;
  /** Entries kept at most (least recently used go first). Default 2 000. */
  readonly maxEntries?: number;
  /** Bytes of bodies kept at most, compressed copies included. Default 64 MiB. */
  readonly maxBytes?: number;
}

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;
const largestCachedBody = 4 * 1024 * 1024;

/** One cached answer: the serialised body, its headers and validator, and compressed copies made on demand. */
export interface CachedResponse {
  /** The cache key it answers (see `cacheKey`). */
  readonly target: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly etag: string;
  gzip?: Buffer;
  br?: Buffer;
  size: number;
}

/** What the cache did, for metrics. */
export interface ResponseCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/**
 * Keeps the serialised 200 responses of cacheable GET requests by url (path and query), for the
 * content version they were computed from. Agents ask the same things again and again, so a
 * repeated request costs a map lookup instead of a search, a validation and a serialisation; the
 * bounds (entries and bytes, least recently used evicted first) keep memory flat whatever the
 * queries. Requests with a body are never cached, since the body is input too.
 */
export class ResponseCache {
  readonly #options: ResponseCacheOptions;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #entries = new Map<string, CachedResponse>();
  #version: number;
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(options: ResponseCacheOptions) {
    this.#options = options;
    this.#maxEntries = options.maxEntries ?? 2_000;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#version = options.version();
  }

  /** Whether answers of `path` may be cached. */
  cacheable(path: string): boolean {
    return this.#options.cacheable(path);
  }

  /** The cached answer of a request target (`/api/search?q=x`), if any; counts a hit. */
  get(target: string): CachedResponse | undefined {
    this.#checkVersion();
    const entry = this.#entries.get(target);
    if (!entry) return undefined;
    this.#hits += 1;
    // Refresh recency: the map iterates oldest first, and eviction starts there.
    this.#entries.delete(target);
    this.#entries.set(target, entry);
    return entry;
  }

  /** Keeps a computed answer, when it was computed from the content still being served. */
  set(target: string, entry: CachedResponse, version: number): void {
    this.#checkVersion();
    if (version !== this.#version || entry.body.byteLength > largestCachedBody) return;
    const old = this.#entries.get(target);
    if (old) {
      this.#bytes -= old.size;
      this.#entries.delete(target);
    }
    this.#entries.set(target, entry);
    this.#bytes += entry.size;
    for (const [oldest, evicted] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= evicted.size;
    }
  }

  /** The body in the given encoding, compressing it once on first demand. */
  encoded(entry: CachedResponse, encoding: 'br' | 'gzip' | undefined): Buffer {
    if (!encoding || entry.body.byteLength < compressionThreshold) return entry.body;
    let body = entry[encoding];
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.byteLength },
            })
          : gzipSync(entry.body, { level: 6 });
      entry[encoding] = body;
      entry.size += body.byteLength;
      if (this.#entries.get(entry.target) === entry) this.#bytes += body.byteLength;
    }
    return body;
  }

  stats(): ResponseCacheStats {
    return { hits: this.#hits, misses: this.#misses, entries: this.#entries.size, bytes: this.#bytes };
  }

  /**
   * A kit middleware that fills the cache: on a cacheable GET without a body it lets the app
   * answer, keeps a storable 200 and returns it, compressed when the client accepts it. Requests
   * already in the cache are answered before they reach the app (see the request listener); this
   * path also serves them when the app is called directly (`app.fetch`).
   */
  middleware(): MiddlewareDefinition {
    return defineMiddleware({
      name: 'response-cache',
      handler: async ({ request, next }) => {
        if ((request.method !== 'GET' && request.method !== 'HEAD') || hasBody(request)) return next();
        const target = requestTarget(request.url);
        const query = target.indexOf('?');
        const path = query === -1 ? target : target.slice(0, query);
        if (!this.cacheable(path)) return next();
        const key = cacheKey(target, path, request.headers.get('accept'));
        let entry = this.get(key);
        if (!entry) {
          this.#misses += 1;
          const version = this.#options.version();
          const response = await next();
          if (!isStorable(response)) return response;
          entry = await toEntry(response, key);
          this.set(key, entry, version);
        }
        return toResponse(this, entry, request.headers.get('if-none-match'), request.headers.get('accept-encoding'));
      },
    });
  }

  #checkVersion(): void {
    const current = this.#options.version();
    if (current === this.#version) return;
    this.#entries.clear();
    this.#bytes = 0;
    this.#version = current;
  }
}

/**
 * The cache key of a request: its target, and for pages also its `Accept` header, since pages
 * negotiate their format (HTML or Markdown) and say so with `Vary: Accept`. API answers are JSON
 * whatever the request accepts, so their key is the target alone.
 */
export function cacheKey(target: string, path: string, accept: string | null | undefined): string {
  return path.startsWith('/api/') ? target : `${target}\n${accept ?? ''}`;
}

function requestTarget(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  return (length !== null && length !== '0') || request.headers.has('transfer-encoding');
}

function isStorable(response: Response): boolean {
  if (response.status !== 200) return false;
  // An answer the app already encoded (pages come gzipped from their own per-version cache) was
  // chosen for this client's Accept-Encoding; stored as if plain, it would be compressed a second
  // time, and served encoded to clients that cannot decode it.
  if (response.headers.has('content-encoding')) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (/no-store|private/i.test(cacheControl) || response.headers.has('set-cookie')) return false;
  // A response that varies on more than the encoding and the accepted format depends on more than the key.
  const vary = response.headers.get('vary');
  return vary === null || vary.split(',').every((name) => ['accept-encoding', 'accept'].includes(name.trim().toLowerCase()));
}

async function toEntry(response: Response, target: string): Promise<CachedResponse> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'x-request-id' && name !== 'content-length' && !name.startsWith('ratelimit') && name !== 'retry-after')
      headers[name] = value;
  });
  const etag = headers.etag ?? `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  headers.etag = etag;
  if (body.byteLength >= compressionThreshold && !/accept-encoding/i.test(headers.vary ?? ''))
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  return { target, status: response.status, headers, body, etag, size: body.byteLength + target.length };
}

function toResponse(cache: ResponseCache, entry: CachedResponse, ifNoneMatch: string | null, acceptEncoding: string | null): Response {
  if (matchesEtag(ifNoneMatch, entry.etag)) return new Response(null, { status: 304, headers: notModifiedHeaders(entry) });
  const encoding = preferredEncoding(acceptEncoding);
  const body = cache.encoded(entry, encoding);
  const headers = body === entry.body ? entry.headers : { ...entry.headers, 'content-encoding': encoding! };
  return new Response(body as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
}

/** Headers of a 304 for a cached entry: the validator and what caches need to reuse their copy. */
export function notModifiedHeaders(entry: CachedResponse): Record<string, string> {
  const headers: Record<string, string> = { etag: entry.etag };
  if (entry.headers['cache-control']) headers['cache-control'] = entry.headers['cache-control'];
  if (entry.headers.vary) headers.vary = entry.headers.vary;
  return headers;
}

/** brotli when the client accepts it, else gzip, else none; `q=0` refuses an encoding. */
export function preferredEncoding(acceptEncoding: string | null | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}
