import { matchesEtag } from '../http/responses.js';
import type { CachedResponse } from './cached-response.js';
import { preferredEncoding } from './preferred-encoding.js';
import type { ResponseCache } from './response-cache.js';

/**
 * Answers a request from a kept entry: puts the answer's headers into `headers` (over any already
 * there) and returns its body. When `If-None-Match` names the entry's ETag the answer is a 304, and
 * the body undefined: the headers are then the validator and the caching headers. Otherwise it is
 * the 200, its body in the coding `Accept-Encoding` prefers, with its length. Filling the caller's
 * object rather than returning a new one keeps a hit answered from Node to the one object Node writes.
 */
export function cachedAnswer(
  cache: ResponseCache,
  entry: CachedResponse,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  headers: Record<string, string>,
): Buffer | undefined {
  if (matchesEtag(ifNoneMatch, entry.etag)) {
    // What a 304 carries of its entry: the validator and what a cache needs to go on using its copy (RFC 9110 §15.4.5).
    headers.etag = entry.etag;
    headers['x-content-type-options'] = 'nosniff';
    const { 'cache-control': cacheControl, vary } = entry.headers;
    if (cacheControl !== undefined) headers['cache-control'] = cacheControl;
    if (vary !== undefined) headers.vary = vary;
    return undefined;
  }
  const encoding = preferredEncoding(acceptEncoding);
  const body = cache.encoded(entry, encoding);
  Object.assign(headers, entry.headers);
  if (body !== entry.body) headers['content-encoding'] = encoding!;
  headers['content-length'] = String(body.byteLength);
  return body;
}
