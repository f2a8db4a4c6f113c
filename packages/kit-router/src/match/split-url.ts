const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * The raw (still encoded) path segments of a URL or path: query and hash dropped, one trailing slash
 * ignored, `/` and `''` giving no segment. An absolute URL is read by the WHATWG parser, as a server reads
 * a request's URL (so its `.` and `..` segments are resolved); a path is taken as written. Null for an
 * absolute URL the parser refuses. Never throws.
 */
export function splitUrl(url: string): string[] | null {
  let path: string;
  if (url.startsWith('/') || !scheme.test(url)) {
    let end = url.length;
    const query = url.indexOf('?');
    if (query >= 0) end = query;
    const hash = url.indexOf('#');
    if (hash >= 0 && hash < end) end = hash;
    path = url.slice(0, end);
  } else {
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  const start = path.startsWith('/') ? 1 : 0;
  const end = path.length > start && path.endsWith('/') ? path.length - 1 : path.length;
  if (end <= start) return [];
  return path.slice(start, end).split('/');
}

/** A segment URI-decoded, or null for a malformed escape (`%E0%A4`, `%zz`). */
export function decodeSegment(segment: string): string | null {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
