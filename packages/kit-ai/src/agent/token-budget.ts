import type { LLMResponse } from '../llm/types.js';
import type { TokenBudgetConfig } from './types.js';

/** `tokenBudget` in its object form: a number `n` means `{ maxOutputTokensPerTurn: n }`. */
export function resolveTokenBudget(budget: number | TokenBudgetConfig | undefined): TokenBudgetConfig | undefined {
  if (budget === undefined) return undefined;
  return typeof budget === 'number' ? { maxOutputTokensPerTurn: budget } : budget;
}

/** Whether a reply stopped because it hit the output cap (`length`, or `max_tokens` as some vendors say). */
export function isCutOff(finishReason: string | undefined): boolean {
  return finishReason === 'length' || finishReason === 'max_tokens';
}

/** Output tokens of a reply: the provider's `completionTokens`, else an estimate of a token per 4 characters. */
export function outputTokensOf(response: LLMResponse): number {
  return response.usage?.completionTokens ?? Math.ceil(response.content.length / 4);
}

/**
 * The output-token total at which the wrap-up nudge is sent: `nudgeAtPercent` per cent of
 * `maxOutputTokensPerTurn × maxIterations` (the configured cap, not an escalated one). `undefined`
 * without a nudge.
 */
export function nudgeThreshold(budget: TokenBudgetConfig | undefined, maxIterations: number): number | undefined {
  if (budget?.nudgeAtPercent === undefined) return undefined;
  return (budget.nudgeAtPercent / 100) * budget.maxOutputTokensPerTurn * maxIterations;
}

/** The user message that asks the model to wrap up. */
export function nudgeMessage(used: number, budget: TokenBudgetConfig, maxIterations: number): string {
  const total = budget.maxOutputTokensPerTurn * maxIterations;
  return `Budget note: you have used ${used} of the ${total} output tokens budgeted for this run (${Math.round((used / total) * 100)}%). Wrap up: finish the current step and give your final answer soon.`;
}

/** How many times a cut-off reply may double the output cap within a run: `maxEscalations`, 0 unless set. */
export function maxEscalationsOf(budget: TokenBudgetConfig | undefined): number {
  return budget?.maxEscalations ?? 0;
}

/** The user message sent after a reply that hit the output cap. */
export function continueMessage(newCap: number): string {
  return `Your previous reply was cut off at the output token limit. The limit is now ${newCap} tokens. Continue exactly where you stopped.`;
}
