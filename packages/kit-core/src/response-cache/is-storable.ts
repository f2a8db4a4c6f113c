/** Request headers an answer may vary on and still be kept: the key holds `Accept`, and the cache encodes per `Accept-Encoding` itself. */
const keyedRequestHeaders = new Set(['accept', 'accept-encoding']);

/**
 * Whether an answer may be kept and given to other callers of the same URL: a 200 that no header
 * ties to one caller or one moment. `no-store` or `private`, a `Set-Cookie`, a `Vary` on anything the
 * key does not hold (a cookie, `Authorization`, `*`) rule it out. So does a `Content-Encoding`: such a
 * body was encoded for this client's `Accept-Encoding`, and kept as if plain it would be compressed a
 * second time, or sent encoded to clients that cannot decode it. An event stream never ends, so it is
 * never read whole to be kept.
 */
export function isStorable(response: Response): boolean {
  if (response.status !== 200) return false;
  const headers = response.headers;
  if (headers.has('content-encoding') || headers.has('set-cookie')) return false;
  if (/^\s*text\/event-stream/i.test(headers.get('content-type') ?? '')) return false;
  const cacheControl = headers.get('cache-control');
  if (cacheControl !== null && /(?:^|[\s,])(?:no-store|private)\b/i.test(cacheControl)) return false;
  const vary = headers.get('vary');
  return vary === null || vary.split(',').every((name) => keyedRequestHeaders.has(name.trim().toLowerCase()));
}
