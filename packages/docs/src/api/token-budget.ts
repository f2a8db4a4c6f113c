/**
 * Answers sized for a context window. A token is estimated as four characters of the entry as JSON
 * (close to what common tokenizers give for English prose and code, and cheap to compute); the
 * estimate is stated in the API description so callers leave themselves a margin.
 */

/** Characters per estimated token. */
export const charactersPerToken = 4;

/** Smallest and largest budget accepted: below the smaller no section fits; above the larger, send no budget. */
export const tokenBudgetRange = { min: 200, max: 100_000 } as const;

/** The estimated tokens of a value as it is sent (its JSON). */
export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / charactersPerToken);
}

/** Most urls of left-out entries an answer lists; `omittedTotal` counts them all. */
export const omittedListed = 10;

/** What a budgeted answer says about itself. */
export interface BudgetReport {
  /** The budget asked for. */
  readonly tokens: number;
  /** Estimated tokens of the whole answer, this report included. */
  readonly used: number;
  /** True when nothing was cut or left out. */
  readonly complete: boolean;
  /** Url of the entry whose text was cut short, when one was. */
  readonly cut?: string;
  /** Urls of the first entries left out, best first: at most ten, and fewer when the budget is small. */
  readonly omitted: string[];
  /** Number of entries left out. */
  readonly omittedTotal: number;
  /** How to get what was left out. */
  readonly next?: string;
}

/**
 * The leading entries that fit in `tokens` together with the rest of the answer (`frame`: the answer
 * without its entries) and the budget report itself, in the order given (most relevant first). The
 * first entry that does not fit whole is cut (`shorten`) when it has text that can be shortened; the
 * ones after it are left out and the first of them listed by url.
 */
export function fitToBudget<T>(
  entries: readonly T[],
  tokens: number,
  options: {
    readonly url: (entry: T) => string;
    /** A shorter entry of at most `tokens`, or undefined when it cannot be shortened usefully. */
    readonly shorten?: (entry: T, tokens: number) => T | undefined;
    readonly next: string;
    /** The answer around the entries (query, total, library), whose size counts too. */
    readonly frame?: unknown;
  },
): { readonly kept: T[]; readonly report: BudgetReport } {
  // Each entry is measured once; the answers tried below differ only in how many entries they keep.
  const sizes = entries.map((entry) => estimateTokens(entry) + 1);
  const frameSize = estimateTokens(options.frame ?? {});
  const reportOf = (keptSize: number, cut: string | undefined, from: number): BudgetReport => {
    const left = entries.slice(from);
    const complete = cut === undefined && left.length === 0;
    const partial = {
      tokens,
      used: 0,
      complete,
      ...(cut === undefined ? {} : { cut }),
      omitted: left.slice(0, omittedListed).map(options.url),
      omittedTotal: left.length,
      ...(complete ? {} : { next: options.next }),
    };
    // The figure itself takes a few characters; six digits is the most it can be.
    const sizeWith = (omitted: string[]) => keptSize + frameSize + estimateTokens({ budget: { ...partial, omitted, used: 999_999 } });
    // A small budget lists fewer of the left-out urls rather than overflow; omittedTotal still counts them all.
    const omitted = [...partial.omitted];
    while (omitted.length > 0 && sizeWith(omitted) > tokens) omitted.pop();
    return { ...partial, omitted, used: sizeWith(omitted) };
  };
  // Whole entries first: the most that fit with the report that would go with them.
  let count = 0;
  let keptSize = 0;
  while (count < entries.length && reportOf(keptSize + sizes[count]!, undefined, count + 1).used <= tokens) keptSize += sizes[count++]!;
  const kept = entries.slice(0, count);
  let report = reportOf(keptSize, undefined, count);
  if (count < entries.length && options.shorten) {
    const entry = entries[count]!;
    const room = tokens - reportOf(keptSize, options.url(entry), count + 1).used - 1;
    const shorter = room >= Math.min(40, sizes[count]!) ? options.shorten(entry, room) : undefined;
    const shorterSize = shorter === undefined ? 0 : estimateTokens(shorter) + 1;
    if (shorter !== undefined && shorterSize <= room + 1) {
      kept.push(shorter);
      report = reportOf(keptSize + shorterSize, options.url(entry), count + 1);
    }
  }
  return { kept, report };
}

/**
 * The longest start of a Markdown text within `characters`, ending at a block boundary (a blank line
 * outside code fences), else at the end of a sentence; a code block is never cut in two. Undefined
 * when not even one sentence fits.
 */
export function cutMarkdown(markdown: string, characters: number): string | undefined {
  if (markdown.length <= characters) return markdown;
  const blocks = markdownBlocks(markdown);
  let text = '';
  for (const block of blocks) {
    const joined = text === '' ? block.text : `${text}\n\n${block.text}`;
    if (joined.length <= characters) {
      text = joined;
      continue;
    }
    if (!block.code) {
      const room = characters - (text === '' ? 0 : text.length + 2);
      const sentences = sentencePrefix(block.text, room);
      if (sentences) text = text === '' ? sentences : `${text}\n\n${sentences}`;
    }
    break;
  }
  return text === '' ? undefined : text;
}

function markdownBlocks(markdown: string): { text: string; code: boolean }[] {
  const blocks: { text: string; code: boolean }[] = [];
  let lines: string[] = [];
  let fence: string | undefined;
  const flush = (code: boolean) => {
    const text = lines.join('\n').trim();
    if (text !== '') blocks.push({ text, code });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) {
      flush(false);
      fence = marker;
      lines.push(line);
    } else if (fence !== undefined) {
      lines.push(line);
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') {
        fence = undefined;
        flush(true);
      }
    } else if (line.trim() === '') flush(false);
    else lines.push(line);
  }
  flush(fence !== undefined);
  return blocks;
}

/** The sentences of `text` that fit in `characters`, whole. */
function sentencePrefix(text: string, characters: number): string | undefined {
  if (characters <= 0) return undefined;
  let end = -1;
  const pattern = /[.!?](?=\s|$)/g;
  for (let match = pattern.exec(text); match && match.index < characters; match = pattern.exec(text)) end = match.index + 1;
  return end > 0 ? text.slice(0, end) : undefined;
}
