import type { LLMMessage } from '../../llm/types.js';
import type { MicrocompactConfig } from '../types.js';

/** Splits a results message into its blocks (see `formatResultsMessage`). */
const BLOCK_BOUNDARY = /\n\n(?=(?:Result of|Error from) (?:tool|task) |Not run: )/;
const RESULT_HEADER = /^Result of (?:tool|task) \S+ \(call [^)\n]*\):\n/;
const MARKER = '[shortened by microcompact:';

/** Whether a message is a results message of the loop. */
export function isResultsMessage(message: LLMMessage): boolean {
  return message.role === 'user' && /^(?:Result of|Error from) (?:tool|task) \S+ \(call /.test(message.content);
}

function shortenBlock(block: string, share: number): string {
  const header = RESULT_HEADER.exec(block);
  if (!header || block.includes(MARKER)) return block;
  const body = block.slice(header[0].length);
  if (body.length <= share) return block;
  return `${header[0]}${body.slice(0, share)}\n${MARKER} ${body.length - share} of ${body.length} characters removed]`;
}

/** What `microcompact` did. */
export interface MicrocompactResult {
  messages: LLMMessage[];
  /** Messages that were shortened. */
  shortened: number;
}

/**
 * Shortens old tool results: every results message longer than `maxToolResultChars`, outside the
 * last `protectedTail` messages (and never the goal), has the body of each of its results cut to an
 * equal share of `maxToolResultChars`, followed by `[shortened by microcompact: N of M characters
 * removed]`. Headers and error blocks stay, so the model still sees which calls ran and how they
 * ended. A result shortened once is not shortened again.
 */
export function microcompact(messages: readonly LLMMessage[], config: MicrocompactConfig): MicrocompactResult {
  const protectedFrom = Math.max(1, messages.length - config.protectedTail);
  let shortened = 0;
  const result = messages.map((message, index) => {
    if (index === 0 || index >= protectedFrom || message.content.length <= config.maxToolResultChars || !isResultsMessage(message)) return message;
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
