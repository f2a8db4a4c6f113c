import { matchesEtag } from '@kit/kit-core/internal';
import { imagePathOf, type ContentImage } from '../content/folder/images.js';
import type { Content } from '../content/index.js';

// An SVG opened on its own is a document that could run script; served with this policy it cannot,
// while it still draws in an <img> of a page.
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Answers `GET /media/<path>` (under `base` for a version other than the default library's latest): an
 * image of the documentation folder, from memory. 304 for a matching
 * `If-None-Match`; `no-cache`, since the content can be reloaded; 404 as plain text for any other path.
 */
export function serveMedia(request: Request, content: Content, servedPath: string, base = ''): Response {
  const image: ContentImage | undefined = content.images.get(imagePathOf(servedPath));
  if (image === undefined) {
    return new Response(`No image at ${base}/media/${servedPath}: images are served at the address the documentation pages link to.\n`, {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  const headers = new Headers({
    'Content-Type': image.contentType,
    'Cache-Control': 'no-cache',
    ETag: image.etag,
    'X-Content-Type-Options': 'nosniff',
  });
  if (image.contentType === 'image/svg+xml') headers.set('Content-Security-Policy', svgPolicy);
  if (matchesEtag(request.headers.get('if-none-match'), image.etag)) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(image.bytes.byteLength));
  return new Response(request.method === 'HEAD' ? null : (image.bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
}
