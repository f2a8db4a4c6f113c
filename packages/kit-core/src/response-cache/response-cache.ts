import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { compressionThreshold, negotiatedKey, type CachedResponse } from './cached-response.js';
import type { BodyEncoding } from './preferred-encoding.js';
import type { ResponseCacheOptions, ResponseCacheStats } from './response-cache-options.js';

const defaultMaxEntries = 2_000;
const defaultMaxBytes = 64 * 1024 * 1024;
/** A larger body is sent but not kept: one answer must not push out thousands of others. */
const largestKeptBody = 4 * 1024 * 1024;
const noVersion = () => 0;
const noPath = () => false;

/**
 * The answers a kit app keeps for every caller, by request target, for the `version` they were computed
 * from. Agents and browsers ask the same things again and again, so a repeated request costs a map
 * lookup instead of validation, a handler and serialisation. Bounded by entries and bytes, least
 * recently used evicted first, so memory stays flat whatever the URLs asked for.
 */
export class ResponseCache {
  readonly #version: () => string | number;
  readonly #cacheable: (path: string) => boolean;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  /** Entries by key, oldest use first: a hit moves its entry to the end, eviction starts at the front. */
  readonly #entries = new Map<string, CachedResponse>();
  /** Targets whose last kept answer varied on `Accept`: their entries are under the target and `Accept`. Bounded as the entries are. */
  readonly #negotiated = new Set<string>();
  #seenVersion: string | number;
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(options: ResponseCacheOptions = {}) {
    this.#version = options.version ?? noVersion;
    this.#cacheable = options.cacheable ?? noPath;
    this.#maxEntries = checkedBound('maxEntries', options.maxEntries, defaultMaxEntries, '2000');
    this.#maxBytes = checkedBound('maxBytes', options.maxBytes, defaultMaxBytes, '67108864 (64 MiB)');
    this.#seenVersion = this.#version();
  }

  /** Whether the app said the answers of `path` may be shared (`ResponseCacheOptions.cacheable`). */
  cacheable(path: string): boolean {
    return this.#cacheable(path);
  }

  /** The version answers are computed from now; read before computing one, and given to `keep`. */
  version(): string | number {
    return this.#version();
  }

  /**
   * The kept answer of a request, counted as a hit, or undefined. A HEAD is answered only by the entry
   * of an endpoint that answers HEAD.
   */
  lookup(method: 'GET' | 'HEAD', target: string, accept: string | undefined): CachedResponse | undefined {
    this.#dropIfStale();
    const key = this.#negotiated.has(target) ? negotiatedKey(target, accept) : target;
    const entry = this.#entries.get(key);
    if (entry === undefined || (method === 'HEAD' && !entry.answersHead)) return undefined;
    this.#hits += 1;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Counts a request the cache could have answered but that had to be computed. */
  countMiss(): void {
    this.#misses += 1;
  }

  /** Keeps an answer, unless the version changed since it began to be computed (it may hold the old content) or it is too large. */
  keep(entry: CachedResponse, computedAt: string | number): void {
    this.#dropIfStale();
    if (computedAt !== this.#seenVersion || entry.size > Math.min(largestKeptBody, this.#maxBytes)) return;
    if (entry.negotiated) {
      this.#negotiated.delete(entry.target);
      this.#negotiated.add(entry.target);
      // The plain entry a target had before it varied is unreachable now.
      this.#remove(entry.target);
      if (this.#negotiated.size > this.#maxEntries) this.#negotiated.delete(this.#negotiated.values().next().value!);
    } else {
      this.#negotiated.delete(entry.target);
    }
    this.#remove(entry.key);
    this.#entries.set(entry.key, entry);
    this.#bytes += entry.size;
    this.#evict();
  }

  /** The body in `encoding` (none below 1 KiB, or for a body too large to keep), compressed once and kept with its entry. */
  encoded(entry: CachedResponse, encoding: BodyEncoding | undefined): Buffer {
    const plain = entry.body;
    if (encoding === undefined || plain.byteLength < compressionThreshold || plain.byteLength > largestKeptBody) return plain;
    let body = entry[encoding];
    if (body === undefined) {
      // Quality 5 compresses nearly as well as the default 11 at a small part of its cost, paid once per entry.
      body =
        encoding === 'br'
          ? brotliCompressSync(plain, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength },
            })
          : gzipSync(plain, { level: 6 });
      entry[encoding] = body;
      entry.size += body.byteLength;
      if (this.#entries.get(entry.key) === entry) {
        this.#bytes += body.byteLength;
        this.#evict();
      }
    }
    return body;
  }

  /** Hits and misses so far, entries and bytes held now (none once the version has changed). */
  stats(): ResponseCacheStats {
    this.#dropIfStale();
    return { hits: this.#hits, misses: this.#misses, entries: this.#entries.size, bytes: this.#bytes };
  }

  #dropIfStale(): void {
    const current = this.#version();
    if (current === this.#seenVersion) return;
    this.#entries.clear();
    this.#negotiated.clear();
    this.#bytes = 0;
    this.#seenVersion = current;
  }

  #remove(key: string): void {
    const old = this.#entries.get(key);
    if (old === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= old.size;
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) return;
      this.#entries.delete(key);
      this.#bytes -= entry.size;
    }
  }
}

function checkedBound(name: string, given: number | undefined, fallback: number, fallbackText: string): number {
  if (given === undefined) return fallback;
  if (!(Number.isSafeInteger(given) && given > 0))
    throw new TypeError(`createKitApp: responseCache.${name} must be a whole number from 1, got ${given}; omit it for ${fallbackText}`);
  return given;
}
