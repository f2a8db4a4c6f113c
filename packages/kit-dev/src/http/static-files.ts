import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { Readable } from 'node:stream';
import { matchesEtag } from '@kit/kit-core/internal';
import { contentType } from 'mime-types';

/** `Cache-Control` of files whose name carries a hash of their content: they never change. */
export const immutableCache = 'public, max-age=31536000, immutable';
/** `Cache-Control` of files that may change: kept, but revalidated with their ETag on each use. */
export const revalidateCache = 'no-cache';
/** `Cache-Control` of everything the dev server bundles. */
export const devCache = 'no-store';

/** The content type of a file name, with a charset for text. */
export function typeOf(name: string): string {
  return contentType(extname(name) || '.bin') || 'application/octet-stream';
}

function isReadMethod(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/**
 * The decoded segments of a URL path below `prefix`, or null for a path that could leave the folder or
 * reach a hidden file: `..` and `.` segments, names starting with `.`, backslashes, NUL and malformed escapes.
 */
export function safeSegments(pathname: string, prefix: string): string[] | null {
  if (!pathname.startsWith(prefix)) return null;
  const segments: string[] = [];
  for (const raw of pathname.slice(prefix.length).split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment.startsWith('.') || segment.includes('/') || segment.includes('\\') || segment.includes('\0')) return null;
    segments.push(segment);
  }
  return segments.length === 0 ? null : segments;
}

/** An answer from bytes held in memory, with a strong ETag of their content and 304 for a matching `If-None-Match`. */
export function bytesResponse(request: Request, contents: Uint8Array, name: string, cacheControl: string): Response {
  const etag = `"${createHash('sha1').update(contents).digest('base64url')}"`;
  const headers = { 'Content-Type': typeOf(name), 'Cache-Control': cacheControl, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(contents), {
    status: 200,
    headers: { ...headers, 'Content-Length': String(contents.byteLength) },
  });
}

/**
 * Answers a GET or HEAD for a file below `folder` (URL path below `prefix`), or null when there is no
 * such regular file (so the caller goes on), the path is unsafe, or the file's real path (links
 * followed) lies outside the folder.
 */
export async function serveFolderFile(
  request: Request,
  folder: string,
  prefix: string,
  cacheControl: (name: string) => string,
): Promise<Response | null> {
  if (!isReadMethod(request)) return null;
  const segments = safeSegments(new URL(request.url).pathname, prefix);
  if (segments === null) return null;
  let file: string;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    const base = await realpath(folder);
    file = await realpath(join(base, ...segments));
    if (!file.startsWith(base + sep)) return null;
    info = await stat(file);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const name = segments[segments.length - 1] as string;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': typeOf(name),
    'Cache-Control': cacheControl(name),
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  const body = request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Length': String(info.size) } });
}

/** Whether a bundled file's name carries esbuild's content hash (`index.page-AB12CD34.js`). */
export function isHashedName(name: string): boolean {
  return /-[A-Z0-9]{8}\.[\w.]+$/.test(name);
}
