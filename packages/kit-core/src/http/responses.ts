import { hash } from 'node:crypto';
import { asKitError, toProblem } from '../errors/problem.js';

/**
 * A JSON 200 with a validator and `X-Content-Type-Options: nosniff` (as every JSON answer and problem
 * of kit-core has, so a browser never takes one for a script or a page). The ETag is a hash of the exact body, and the body is a function of
 * the content and the request, so equal requests against equal content share a tag; `If-None-Match`
 * with that tag is answered 304 without a body.
 *
 * @example
 * ```ts
 * import { jsonResponse } from '@kit/kit-core/http';
 *
 * const request = new Request('http://localhost/api/thing');
 * const response = jsonResponse(request, { ok: true });
 * console.log(response.status, response.headers.get('ETag')); // 200 W/"…"
 * ```
 */
export function jsonResponse(request: Request, value: unknown, headers: Record<string, string> = {}): Response {
  return jsonAnswer(request.headers.get('if-none-match'), value, headers);
}

/**
 * `jsonResponse` for callers that have the request's `If-None-Match` at hand: the app's routes read it
 * from Node's parsed headers, so no fetch `Headers` is built for a request that never needs one. The
 * headers are given to the response as a plain object, which Node writes without converting it.
 */
export function jsonAnswer(ifNoneMatch: string | null | undefined, value: unknown, headers: Record<string, string>): Response {
  const body = JSON.stringify(value);
  // One call instead of a Hash object per answer (node:crypto's one-shot hash, Node 20.12 and later).
  const etag = `W/"${hash('sha1', body, 'base64url')}"`;
  if (matchesEtag(ifNoneMatch, etag)) {
    return new Response(null, {
      status: 304,
      headers: { ETag: etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', ...headers },
    });
  }
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ETag: etag,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/**
 * A JSON answer that caches must not keep (`Cache-Control: no-store`) and so carries no validator: for
 * a route whose answer changes on every call (`defineAPI({ cache: 'no-store' })`), where a 304 would
 * hand the caller an earlier answer as if it were current, and for the 201 of a call that made something.
 */
export function uncachedJsonResponse(value: unknown, headers: Record<string, string> = {}, status: 200 | 201 = 200): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/**
 * Whether an `If-None-Match` header (`*` or a list of tags) names `etag`, compared weakly as RFC 9110
 * asks for GET: `W/"a"` and `"a"` match.
 *
 * @example
 * ```ts
 * import { matchesEtag } from '@kit/kit-core/internal';
 *
 * console.log(matchesEtag('"x", W/"abc"', '"abc"')); // true
 * ```
 */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * The problem document of an error, with the error's headers (`Allow`, `Retry-After`) and then `headers`.
 *
 * @example
 * ```ts
 * import { KitError } from '@kit/kit-core';
 * import { problemResponse } from '@kit/kit-core/http';
 *
 * const response = problemResponse(new KitError('not_found', 'No page "x".'));
 * console.log(response.status, response.headers.get('Content-Type')); // 404 application/problem+json; charset=utf-8
 * ```
 */
export function problemResponse(error: unknown, headers: Record<string, string> = {}): Response {
  const problem = toProblem(error);
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: {
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...asKitError(error)?.headers,
      ...headers,
    },
  });
}
