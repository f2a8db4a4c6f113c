import { estimateTokens } from '../../llm/messages.js';
import type { LLMMessage } from '../../llm/types.js';
import type { CompactionConfig, CompactionState } from '../types.js';
import { autocompact, type Summariser } from './autocompact.js';
import { microcompact } from './microcompact.js';
import { snip } from './snip.js';

/** The tail snip and autocompact keep when `compaction.snip` is not given. */
export const DEFAULT_PRESERVE_TAIL = 6;

/** A compaction stage that ran before a call, as `IterationSnapshot.compactions` lists them. */
export type CompactionStage = 'snip' | 'microcompact' | 'autocompact' | 'reactive';

/** What `compactBeforeCall` needs. */
export interface CompactionInput {
  /** The system prompt of the coming call (counted in the estimate, never changed). */
  system: string;
  /** The conversation after the system prompt; `messages[0]` is the goal. */
  messages: LLMMessage[];
  contextWindowSize: number | undefined;
  config: CompactionConfig | undefined;
  /** The run's counters; `autocompactFailures` is increased here. */
  state: CompactionState;
  summarise: Summariser;
}

/** The conversation after compaction and the stages that changed it. */
export interface CompactionOutcome {
  messages: LLMMessage[];
  stages: CompactionStage[];
}

function estimate(system: string, messages: readonly LLMMessage[]): number {
  return estimateTokens([{ role: 'system', content: system }, ...messages]);
}

/**
 * The compaction pass before each LLM call, measured with `estimateTokens` on the system prompt and
 * the conversation:
 *
 * 1. microcompact, when configured: old large tool results are shortened;
 * 2. snip, when `contextWindowSize` is set and the estimate is over it: the oldest messages go
 *    (tail `compaction.snip.preserveTail`, default 6);
 * 3. autocompact, when configured, while fewer than `maxFailures` attempts have failed, and the
 *    estimate is over `threshold × contextWindowSize − bufferTokens`: the middle is summarised by
 *    the model. A failed attempt increases `autocompactFailures` and leaves the conversation as it was.
 */
export async function compactBeforeCall(input: CompactionInput): Promise<CompactionOutcome> {
  const stages: CompactionStage[] = [];
  let messages = input.messages;
  const { config, contextWindowSize: window } = input;
  if (config?.microcompact) {
    const result = microcompact(messages, config.microcompact);
    if (result.shortened > 0) {
      messages = result.messages;
      stages.push('microcompact');
    }
  }
  if (window === undefined) return { messages, stages };
  const tail = config?.snip?.preserveTail ?? DEFAULT_PRESERVE_TAIL;
  if (estimate(input.system, messages) > window) {
    const result = snip(messages, tail);
    if (result.removed > 0) {
      messages = result.messages;
      stages.push('snip');
    }
  }
  const auto = config?.autocompact;
  if (
    auto &&
    input.state.autocompactFailures < auto.maxFailures &&
    estimate(input.system, messages) > auto.threshold * window - (auto.bufferTokens ?? 0)
  ) {
    try {
      const result = await autocompact(messages, tail, input.summarise);
      if (result.summarised > 0) {
        messages = result.messages;
        stages.push('autocompact');
      }
    } catch {
      input.state.autocompactFailures++;
    }
  }
  return { messages, stages };
}

/**
 * The hard snip after the provider reported a context overflow. Attempt 1 keeps a tail of at most
 * `preserveTail` messages and at most half the conversation after the goal; attempt 2 halves that
 * again (at least 1; the tail still opens with an assistant message). `undefined` when nothing can
 * be removed any more.
 */
export function reactiveCompact(messages: readonly LLMMessage[], attempt: number, preserveTail: number): LLMMessage[] | undefined {
  const base = Math.min(preserveTail, Math.floor((messages.length - 1) / 2));
  const tail = Math.max(1, Math.floor(base / 2 ** (attempt - 1)));
  const result = snip(messages, tail);
  return result.removed > 0 ? result.messages : undefined;
}
