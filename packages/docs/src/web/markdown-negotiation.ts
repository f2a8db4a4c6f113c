/** Media types taken as a request for Markdown. */
const markdownTypes = ['text/markdown', 'text/x-markdown'];

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
  readonly order: number;
}

/**
 * Whether an `Accept` header prefers Markdown to HTML. Each type gets the quality of the most specific
 * range that matches it (`text/markdown` over `text/*` over `*\/*`); Markdown wins when its quality is
 * higher, or equal and named explicitly before any explicit HTML range. No header means HTML.
 */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const markdown = Math.max(...markdownTypes.map((type) => quality(ranges, type)));
  const page = quality(ranges, 'text/html');
  if (markdown <= 0) return false;
  if (markdown !== page) return markdown > page;
  const firstMarkdown = ranges.find((range) => markdownTypes.includes(`${range.type}/${range.subtype}`));
  const firstHtml = ranges.find((range) => range.type === 'text' && range.subtype === 'html');
  return firstMarkdown !== undefined && (firstHtml === undefined || firstMarkdown.order < firstHtml.order);
}

function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part, order) => {
    const [media = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const [type, subtype] = media.split('/');
    if (!type || !subtype) return [];
    const qParameter = parameters.find((parameter) => parameter.startsWith('q='));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    return [{ type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0, order }];
  });
}

function quality(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  const exact = ranges.find((range) => range.type === type && range.subtype === subtype);
  if (exact) return exact.q;
  const sameType = ranges.find((range) => range.type === type && range.subtype === '*');
  if (sameType) return sameType.q;
  return ranges.find((range) => range.type === '*' && range.subtype === '*')?.q ?? 0;
}
