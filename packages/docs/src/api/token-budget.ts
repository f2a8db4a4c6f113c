/**
 * Answers sized for a context window. A token is estimated as four characters of the entry as JSON
 * (close to what common tokenizers give for English prose and code, and cheap to compute); the
 * estimate is stated in the API description so callers leave themselves a margin.
 */

/** Characters per estimated token. */
export const charactersPerToken = 4;

/** Smallest and largest budget accepted: below the smaller no section fits; above the larger, send no budget. */
export const tokenBudgetRange = { min: 100, max: 100_000 } as const;

/** The estimated tokens of a value as it is sent (its JSON). */
export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / charactersPerToken);
}

/** What a budgeted answer says about itself. */
export interface BudgetReport {
  /** The budget asked for. */
  readonly tokens: number;
  /** Estimated tokens of the entries sent. */
  readonly used: number;
  /** True when nothing was cut or left out. */
  readonly complete: boolean;
  /** Url of the entry whose text was cut short, when one was. */
  readonly cut?: string;
  /** Urls of the entries left out, best first. */
  readonly omitted: string[];
  /** How to get what was left out. */
  readonly next?: string;
}

/**
 * The leading entries that fit in `tokens`, in the order given (most relevant first). The first
 * entry that does not fit whole is cut (`shorten`), when it has text that can be shortened and the
 * room left is worth it; the ones after it are left out and listed by url.
 */
export function fitToBudget<T>(
  entries: readonly T[],
  tokens: number,
  options: {
    readonly url: (entry: T) => string;
    /** A shorter entry fitting `tokens`, or undefined when it cannot be shortened usefully. */
    readonly shorten?: (entry: T, tokens: number) => T | undefined;
    readonly next: string;
  },
): { readonly kept: T[]; readonly report: BudgetReport } {
  const kept: T[] = [];
  let used = 0;
  let cut: string | undefined;
  let position = 0;
  for (; position < entries.length; position++) {
    const entry = entries[position]!;
    const size = estimateTokens(entry) + 1;
    if (used + size <= tokens) {
      kept.push(entry);
      used += size;
      continue;
    }
    // Worth cutting only when a useful part fits: at least a fifth of the budget, or 100 tokens.
    const room = tokens - used;
    if (options.shorten && room >= Math.min(100, tokens / 5)) {
      const shorter = options.shorten(entry, room - 1);
      if (shorter !== undefined) {
        kept.push(shorter);
        used += estimateTokens(shorter) + 1;
        cut = options.url(entry);
        position++;
      }
    }
    break;
  }
  const omitted = entries.slice(position).map(options.url);
  const complete = cut === undefined && omitted.length === 0;
  return {
    kept,
    report: {
      tokens,
      used,
      complete,
      ...(cut === undefined ? {} : { cut }),
      omitted,
      ...(complete ? {} : { next: options.next }),
    },
  };
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
