import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether two strings are equal, compared in constant time: on SHA-256 digests, so that neither the
 * position of the first difference nor a difference in length shows in the time taken.
 */
export function equalText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}
