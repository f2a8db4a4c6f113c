import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** A response body ready to send: UTF-8 bytes, their gzip form and a strong ETag. */
export interface CachedBody {
  readonly body: Uint8Array;
  readonly gzip: Uint8Array;
  readonly etag: string;
}

/** Encodes and hashes a body once, so that repeated requests only copy bytes. */
export function prepareBody(text: string | Uint8Array): CachedBody {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, gzip: gzipSync(body, { level: 9 }), etag };
}

/**
 * Pages rendered for one content version. A page is built on its first request and served from
 * memory until the content changes; when the version moves on, every entry is dropped at once. The
 * least recently used page goes first when `maxEntries` is reached, so unknown urls cannot grow it.
 */
export class PageCache {
  readonly #maxEntries: number;
  #version: string | undefined;
  readonly #pages = new Map<string, CachedBody>();
  #builds = 0;

  constructor(maxEntries = 500) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`PageCache: maxEntries ${maxEntries} must be a whole number of at least 1`);
    }
    this.#maxEntries = maxEntries;
  }

  /** Pages built since the cache was created; a second request for the same page does not add one. */
  get builds(): number {
    return this.#builds;
  }

  /** The page `key` of content `version`, built by `build` when not cached yet. */
  get(version: string, key: string, build: () => string): CachedBody {
    if (version !== this.#version) {
      this.#pages.clear();
      this.#version = version;
    }
    const cached = this.#pages.get(key);
    if (cached) {
      this.#pages.delete(key);
      this.#pages.set(key, cached);
      return cached;
    }
    const page = prepareBody(build());
    this.#builds++;
    this.#pages.set(key, page);
    if (this.#pages.size > this.#maxEntries) {
      const oldest = this.#pages.keys().next().value;
      if (oldest !== undefined) this.#pages.delete(oldest);
    }
    return page;
  }
}
