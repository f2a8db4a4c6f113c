import { KitAIError } from '../errors/kit-ai-error.js';
import { createDeadline, type Deadline } from '../llm/deadline.js';

/**
 * The cancellation of one task call: the run's `signal` (giving `KitAIError('aborted')`) and the task's
 * `timeoutMs` (giving `KitAIError('tool_timeout')`) joined into one signal for the task's work.
 */
export function taskDeadline(label: string, parent: AbortSignal | undefined, timeoutMs: number | undefined): Deadline {
  return createDeadline({
    signal: parent,
    timeoutMs,
    timeoutError: () =>
      new KitAIError(
        'tool_timeout',
        `${label} did not finish within ${timeoutMs} ms (timeoutMs); raise timeoutMs or make the work smaller.`,
      ),
    abortError: (reason) => new KitAIError('aborted', `${label} was canceled: its context.signal was aborted.`, { cause: reason }),
  });
}
