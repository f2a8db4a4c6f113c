import type { LLMMessage } from '../../llm/types.js';
import type { MicrocompactConfig } from '../types.js';

/** Splits a results message into its blocks (see `formatResultsMessage`). */
const BLOCK_BOUNDARY = /\n\n(?=(?:Result of|Error from) (?:tool|task) |Not run: |Started in the background: )/;
const RESULT_HEADER = /^Result of (?:tool|task) \S+ \(call [^)\n]*\):\n/;
const MARKER = '[shortened by microcompact:';

/** Whether a message is a results message of the loop. */
export function isResultsMessage(message: LLMMessage): boolean {
  return message.role === 'user' && /^(?:Result of|Error from) (?:tool|task) \S+ \(call /.test(message.content);
}

/**
 * The result budget's note after a result's text (see `budgetResults`). The text is JSON on one line,
 * so the note starts at the first line break; it may name the file holding the full result.
 */
const BUDGET_NOTE = /^\[truncated: \d+ of \d+ characters cut(?:; the full result is in the file [\s\S]+)?\]$/;

/** A result block's text and the note lines after it that must survive shortening. */
function splitNote(rest: string): { text: string; note: string } {
  const lineBreak = rest.indexOf('\n');
  if (lineBreak === -1) return { text: rest, note: '' };
  const note = rest.slice(lineBreak + 1);
  return BUDGET_NOTE.test(note) ? { text: rest.slice(0, lineBreak), note: `\n${note}` } : { text: rest, note: '' };
}

function shortenBlock(block: string, share: number): string {
  const header = RESULT_HEADER.exec(block);
  if (!header || block.includes(MARKER)) return block;
  // The budget's note is the only pointer to a persisted full result: cutting it would lose the file.
  const { text, note } = splitNote(block.slice(header[0].length));
  if (text.length <= share) return block;
  return `${header[0]}${text.slice(0, share)}\n${MARKER} ${text.length - share} of ${text.length} characters removed]${note}`;
}

/** What `microcompact` did. */
export interface MicrocompactResult {
  messages: LLMMessage[];
  /** Messages that were shortened. */
  shortened: number;
}

/**
 * Shortens old tool results: every results message longer than `maxToolResultChars`, outside the
 * last `protectedTail` messages (and never the goal), has the text of each of its results cut to an
 * equal share of `maxToolResultChars`, followed by `[shortened by microcompact: N of M characters
 * removed]`. Headers and error blocks stay, so the model still sees which calls ran and how they
 * ended. The result budget's note line (`[truncated: ...]`, naming the file of the full result with
 * `persistDir`) is kept whole after the microcompact line and is not counted in the allowance, so a
 * shortened message can stay a little over `maxToolResultChars`. A result shortened once is not
 * shortened again.
 */
export function microcompact(messages: readonly LLMMessage[], config: MicrocompactConfig): MicrocompactResult {
  const protectedFrom = Math.max(1, messages.length - config.protectedTail);
  let shortened = 0;
  const result = messages.map((message, index) => {
    if (index === 0 || index >= protectedFrom || message.content.length <= config.maxToolResultChars || !isResultsMessage(message))
      return message;
    const blocks = message.content.split(BLOCK_BOUNDARY);
    const results = blocks.filter((block) => RESULT_HEADER.test(block)).length;
    if (results === 0) return message;
    const share = Math.max(0, Math.floor(config.maxToolResultChars / results));
    const content = blocks.map((block) => shortenBlock(block, share)).join('\n\n');
    if (content === message.content) return message;
    shortened++;
    return { role: message.role, content };
  });
  return { messages: result, shortened };
}
