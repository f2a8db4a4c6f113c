import type { AgentTaskExecutionContext } from '../tools/types.js';

/**
 * The context the task fabric gives a task's `execute`, for calling a task directly in a test: call
 * `call_1_1` of iteration 1 of a run with the goal `test`, a signal that never fires, and a model that
 * fails if the task uses it. Each field of `fields` that is set replaces its default.
 */
export function taskContext(fields: Partial<AgentTaskExecutionContext> = {}): AgentTaskExecutionContext {
  return {
    callId: fields.callId ?? 'call_1_1',
    goal: fields.goal ?? 'test',
    iteration: fields.iteration ?? 1,
    signal: fields.signal ?? new AbortController().signal,
    llm: fields.llm ?? { name: 'unused', chat: async () => Promise.reject(new Error('not used')) },
  };
}
