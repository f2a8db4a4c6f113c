import { hash } from 'node:crypto';
import type { CacheRequest } from './cache-request.js';

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;

/** A kept answer: the body and headers of a 200, its validator, and compressed copies made on first demand. */
export interface CachedResponse {
  /** Where the cache keeps it: the target, and for an answer that varies on `Accept`, that too. */
  readonly key: string;
  readonly target: string;
  /** The answer said `Vary: Accept`, so other `Accept` values need answers of their own. */
  readonly negotiated: boolean;
  /** Whether its endpoint answers HEAD; one made with `app.mount` may not, and then HEAD gets its 405. */
  readonly answersHead: boolean;
  /** Header names in lower case; no `Content-Length` (it depends on the coding sent) and nothing of one request. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly etag: string;
  gzip?: Buffer;
  br?: Buffer;
  /** Bytes it holds: the body, its compressed copies, its key. */
  size: number;
}

/** Headers that belong to one connection or whose value depends on the coding sent, never kept. */
const unkeptHeaders = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The kept form of a storable 200 (see `isStorable`): the body read whole, the headers without those of
 * this one request (`perRequest`: its id, its rate-limit figures), an ETag (the app's, or a hash of the
 * body), `X-Content-Type-Options: nosniff` as every kit answer has it, and `Vary: Accept-Encoding` on a
 * body large enough to be compressed. A strong ETag is made weak then, since the compressed bytes
 * differ while the tag stays one.
 */
export async function toCachedResponse(
  response: Response,
  request: CacheRequest,
  perRequest: Readonly<Record<string, string>>,
  answersHead: boolean,
): Promise<CachedResponse> {
  const body = Buffer.from(await response.arrayBuffer());
  const dropped = new Set(Object.keys(perRequest).map((name) => name.toLowerCase()));
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!unkeptHeaders.has(name) && !dropped.has(name)) headers[name] = value;
  });
  headers['x-content-type-options'] ??= 'nosniff';
  const compressible = body.byteLength >= compressionThreshold;
  const etag = headers.etag ?? `W/"${hash('sha1', body, 'base64url')}"`;
  headers.etag = compressible && !etag.startsWith('W/') ? `W/${etag}` : etag;
  const vary = (headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (compressible && !vary.includes('accept-encoding'))
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  const negotiated = vary.includes('accept');
  const key = negotiated ? negotiatedKey(request.target, request.accept) : request.target;
  return { key, target: request.target, negotiated, answersHead, headers, body, etag: headers.etag, size: body.byteLength + key.length };
}

/** The key of an answer that varies on `Accept`. A target never holds a line break, so no plain key looks like one. */
export function negotiatedKey(target: string, accept: string | undefined): string {
  return `${target}\n${accept ?? ''}`;
}
