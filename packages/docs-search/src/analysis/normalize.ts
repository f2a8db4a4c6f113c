/**
 * Brings text to the form every other analysis step expects: Unicode NFKC (so full-width letters,
 * ligatures and compatibility characters compare equal to their plain forms) with runs of white
 * space collapsed to one space. Case is kept, because identifier splitting needs it.
 *
 * @example
 * ```ts
 * import { normalizeText } from './normalize.js';
 *
 * normalizeText('ﬁle  names\n'); // 'file names'
 * ```
 */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}
