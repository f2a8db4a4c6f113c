/** A content coding the response cache compresses bodies with. */
export type BodyEncoding = 'br' | 'gzip';

/**
 * The coding to send a body in, from the request's `Accept-Encoding`: brotli when the client takes it
 * (smaller for the same CPU at the quality the cache uses), else gzip (also for `*`), else none. An
 * entry with `q=0` refuses its coding. Other weights are not ranked: every client that sends both
 * takes both.
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): BodyEncoding | undefined {
  if (!acceptEncoding) return undefined;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (parameters.some((parameter) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(parameter))) continue;
    const coding = name.trim();
    if (coding === 'br') return 'br';
    if (coding === 'gzip' || coding === '*') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}
