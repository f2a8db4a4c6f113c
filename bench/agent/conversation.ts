/**
 * The scripted conversation both loops run: `steps` turns in which the model calls one tool
 * (`tool_<step mod tools>` with `{ n: step }`), then a final answer. The model is decided by the
 * number of replies it already gave, so both mock models answer instantly and identically.
 */
export interface Conversation {
  readonly steps: number;
  readonly tools: number;
}

/** Name of the tool called at `step` (0-based). */
export function toolNameAt(conversation: Conversation, step: number): string {
  return `tool_${step % conversation.tools}`;
}

/** All tool names of a conversation. */
export function toolNames(conversation: Conversation): string[] {
  return Array.from({ length: conversation.tools }, (_, index) => `tool_${index}`);
}

/** The JSON Schema of every tool (kit validates with it). */
export const TOOL_SCHEMA = {
  type: 'object',
  properties: { n: { type: 'integer', minimum: 0 } },
  required: ['n'],
  additionalProperties: false,
} as const;

/** What every tool returns. */
export function toolResult(name: string, n: number): { tool: string; n: number; ok: true } {
  return { tool: name, n, ok: true };
}

export const FINAL_ANSWER = 'All steps done.';
export const GOAL = 'Run every step of the checklist and report.';
