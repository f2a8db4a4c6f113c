import { html, joinHtml, type Html } from './html.js';

/**
 * The words of a search query worth marking in results: quotes and operators dropped, lower case,
 * longest first so that `createKitApp` wins over `create` where both match.
 */
export function queryTerms(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[\s"'`()]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length >= 2);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** Splits `text` into plain and matching parts; every match of a term is a marked part. */
export function splitOnTerms(text: string, terms: readonly string[]): { text: string; marked: boolean }[] {
  if (terms.length === 0 || text === '') return [{ text, marked: false }];
  const pattern = new RegExp(terms.map(escapeRegExp).join('|'), 'giu');
  const parts: { text: string; marked: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), marked: false });
    parts.push({ text: match[0], marked: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), marked: false });
  return parts;
}

/** `text` as escaped HTML with the query's terms wrapped in `<mark>`. */
export function highlightTerms(text: string, terms: readonly string[]): Html {
  return joinHtml(splitOnTerms(text, terms).map((part) => (part.marked ? html`<mark>${part.text}</mark>` : part.text)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
