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
  // NFKC leaves ASCII unchanged; most documentation is ASCII, so skip the full pass then.
  const composed = NON_ASCII.test(text) ? text.normalize('NFKC') : text;
  return composed.replace(/\s+/gu, ' ').trim();
}

const NON_ASCII = /[^\u0000-\u007f]/u;
