import { isKitAIError } from '../errors/kit-ai-error.js';
import { errorText } from '../llm/describe-value.js';
import { normalizeMessages } from '../llm/messages.js';
import type { LLMOptions, LLMResponse, LLMTimeoutConfig, LLMToolCall } from '../llm/types.js';
import type { SmartAgentConfig } from './types.js';
import { reactiveCompact, type CompactionStage } from './compaction/compact.js';
import { SUMMARY_INSTRUCTION } from './compaction/autocompact.js';
import { HookError } from './hook-call.js';
import { callModel, type ModelCallOptions } from './llm-call.js';
import { RunFailure } from './run-failure.js';
import { addUsage, type RunState } from './run-state.js';

/** Retries of one LLM call after the provider reported a context overflow. */
export const MAX_REACTIVE_RETRIES = 2;

/** LLM options without the abort signal, which each attempt makes its own. */
export type CallOptions = Omit<LLMOptions, 'signal'>;

/** What the model calls of a run need from the agent's setup. */
export interface ModelSetup {
  config: SmartAgentConfig;
  timeouts: Required<LLMTimeoutConfig>;
  /** The tail reactive compaction keeps. */
  preserveTail: number;
}

/** One iteration's request: the system prompt, and the options of each attempt (tools and token cap). */
export interface ReplyRequest {
  system: string;
  iteration: number;
  options(): CallOptions;
  /** Set when calls of a streamed reply start as they arrive. */
  onToolCall?: (call: LLMToolCall) => void;
}

/** The reply, and the reactive compactions it took to get it. */
export interface ModelReply {
  response: LLMResponse;
  stages: CompactionStage[];
}

/**
 * The model calls of one run call: each iteration's reply (`fallbackLlm` on failure, reactive
 * compaction on a context overflow) and autocompact's summaries, with `onStallWarning`.
 */
export class ModelAsker {
  /**
   * The first throw of `onStallWarning`. It fires from a timer while the call is under way, where a
   * throw could not reach the run, so the run fails with it when the call returns.
   */
  private stallFailure: HookError | undefined;

  constructor(private readonly setup: ModelSetup) {}

  /** The reply of an iteration; fails with `RunFailure` when the model fails or an overflow outlasts `MAX_REACTIVE_RETRIES` compactions. */
  async reply(state: RunState, request: ReplyRequest): Promise<ModelReply> {
    const { config } = this.setup;
    const stages: CompactionStage[] = [];
    for (let attempt = 0; ; attempt++) {
      const messages = normalizeMessages([{ role: 'system', content: request.system }, ...state.saved.messages]);
      try {
        const answer = await callModel(
          config.llm,
          config.fallbackLlm,
          messages,
          this.callOptions(request.iteration, request.options(), request.onToolCall),
        );
        if (this.stallFailure) throw this.stallFailure;
        return { response: answer.response, stages };
      } catch (error) {
        if (this.stallFailure) throw this.stallFailure;
        if (!isKitAIError(error, 'context_overflow')) throw new RunFailure(errorText(error));
        const snipped =
          attempt < MAX_REACTIVE_RETRIES ? reactiveCompact(state.saved.messages, attempt + 1, this.setup.preserveTail) : undefined;
        if (!snipped) {
          throw new RunFailure(
            `the model reported a context overflow that compaction could not resolve (after ${attempt} reactive compaction${attempt === 1 ? '' : 's'}): ${errorText(error)}; lower contextWindowSize or configure compaction`,
          );
        }
        state.saved.messages = snipped;
        state.saved.compaction.reactiveCompactRetries++;
        stages.push('reactive');
      }
    }
  }

  /** Autocompact's summary of `transcript`, without tools; its usage counts towards the run's. */
  async summary(state: RunState, transcript: string, iteration: number): Promise<string> {
    const { config } = this.setup;
    const options: CallOptions = state.saved.maxOutputTokens > 0 ? { maxTokens: state.saved.maxOutputTokens } : {};
    const answer = await callModel(
      config.llm,
      config.fallbackLlm,
      [
        { role: 'system', content: SUMMARY_INSTRUCTION },
        { role: 'user', content: transcript },
      ],
      this.callOptions(iteration, options),
    );
    state.usage = addUsage(state.usage, answer.response.usage);
    return answer.response.content;
  }

  private callOptions(iteration: number, llm: CallOptions, onToolCall?: (call: LLMToolCall) => void): ModelCallOptions {
    const options: ModelCallOptions = { llm, timeouts: this.setup.timeouts };
    const hook = this.setup.config.hooks?.onStallWarning;
    if (hook) {
      options.onStall = (info) => {
        try {
          hook({ ...info, iteration });
        } catch (error) {
          this.stallFailure ??= new HookError('hooks.onStallWarning', error);
        }
      };
    }
    if (onToolCall) options.onToolCall = onToolCall;
    return options;
  }
}
