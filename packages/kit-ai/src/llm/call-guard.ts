import { KitAIError } from '../errors/kit-ai-error.js';
import { createDeadline, type Deadline } from './deadline.js';

/** The deadline and cancellation of one LLM call. */
export type CallGuard = Deadline;

/**
 * Makes the guard of one LLM call: `timeoutMs` gives `llm_timeout`, the caller's `signal` gives `aborted`
 * (with the signal's reason as `cause`). Both abort the signal handed to the provider, so an HTTP
 * request in flight is closed rather than left to finish unseen.
 */
export function guardCall(
  component: string,
  providerName: string,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined },
): CallGuard {
  return createDeadline({
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    timeoutError: () =>
      new KitAIError(
        'llm_timeout',
        `${component}: the model "${providerName}" did not answer within ${options.timeoutMs} ms (timeoutMs); raise timeoutMs or check that the provider is reachable.`,
      ),
    abortError: (reason) =>
      new KitAIError('aborted', `${component}: the call to "${providerName}" was aborted by the caller's signal.`, { cause: reason }),
  });
}
