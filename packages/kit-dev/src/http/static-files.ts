import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
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
 * followed) lies outside the folder. It looks at the disk on every request, so files added or removed
 * while the server runs are seen at once: what the dev server needs. A production server answers from a
 * `FolderIndex` instead, which looks at the disk only for files it knows.
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
  try {
    const base = await realpath(folder);
    file = await realpath(join(base, ...segments));
    if (!file.startsWith(base + sep)) return null;
  } catch {
    return null;
  }
  return fileResponse(request, file, segments[segments.length - 1] as string, cacheControl);
}

/** The answer for a file found on disk, or null when it is not a regular file (or is gone). */
async function fileResponse(
  request: Request,
  file: string,
  name: string,
  cacheControl: (name: string) => string,
): Promise<Response | null> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
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

/**
 * The files of a folder as they were when it was indexed: URL path below the folder (decoded segments
 * joined by `/`) to the file's real path. Hidden names are left out, and so are links whose target lies
 * outside the folder.
 */
export type FolderIndex = ReadonlyMap<string, string>;

/**
 * Indexes the regular files below `folder` once, so that a server asked for a path no file has (every
 * page, in an app whose public folder sits at `/`) answers from memory: looking for it on disk costs two
 * `realpath` calls and a thrown error, more CPU than the rest of a cached page's answer. A missing
 * folder has no files.
 */
export async function indexFolder(folder: string): Promise<FolderIndex> {
  const files = new Map<string, string>();
  let base: string;
  try {
    base = await realpath(folder);
  } catch {
    return files;
  }
  // `ancestors`: the real folders above, so a link back up the tree is not walked for ever.
  const walk = async (directory: string, urlPath: string, ancestors: readonly string[]): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(directory, entry.name);
      const key = urlPath === '' ? entry.name : `${urlPath}/${entry.name}`;
      let real = path;
      let isDirectory = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        try {
          real = await realpath(path);
          isDirectory = (await stat(real)).isDirectory();
        } catch {
          continue;
        }
        if (!real.startsWith(base + sep)) continue;
      }
      if (isDirectory) {
        if (!ancestors.includes(real)) await walk(real, key, [...ancestors, real]);
      } else if (entry.isFile() || entry.isSymbolicLink()) files.set(key, real);
    }
  };
  await walk(base, '', [base]);
  return files;
}

/**
 * `serveFolderFile` for a production server: answers from a folder's index, so a path that names no
 * file of the folder never reaches the disk. A file added after the index was made is not served until
 * the server starts again; one removed since is not served either (null).
 */
export async function serveIndexedFile(
  request: Request,
  pathname: string,
  files: FolderIndex,
  prefix: string,
  cacheControl: (name: string) => string,
): Promise<Response | null> {
  if (files.size === 0 || !isReadMethod(request)) return null;
  const segments = safeSegments(pathname, prefix);
  if (segments === null) return null;
  const file = files.get(segments.join('/'));
  if (file === undefined) return null;
  return fileResponse(request, file, segments[segments.length - 1] as string, cacheControl);
}

/** Whether a bundled file's name carries esbuild's content hash (`index.page-AB12CD34.js`). */
export function isHashedName(name: string): boolean {
  return /-[A-Z0-9]{8}\.[\w.]+$/.test(name);
}
