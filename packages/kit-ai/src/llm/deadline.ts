import type { KitAIError } from '../errors/kit-ai-error.js';

/** A deadline and a cancellation joined into one signal, for one call or one task. */
export interface Deadline {
  /** Handed to the work (a provider, a child process, fetch); aborted when the deadline fires, with the error as `reason`. */
  readonly signal: AbortSignal;
  /** Waits for `work`, giving up with the deadline's error as soon as it fires, even if the work ignores its signal. */
  race<T>(work: Promise<T>): Promise<T>;
  /** The error the deadline fired with, if it fired. */
  reason(): KitAIError | undefined;
  /** Stops the timer and detaches from the parent signal. */
  dispose(): void;
}

/** What `createDeadline` needs: the parent signal, the time limit and the errors each gives. */
export interface DeadlineOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  timeoutError: () => KitAIError;
  abortError: (reason: unknown) => KitAIError;
}

/** Makes a deadline; a parent signal that is already aborted fires it at once. */
export function createDeadline(options: DeadlineOptions): Deadline {
  const controller = new AbortController();
  let fired: KitAIError | undefined;
  let rejectFired: (error: KitAIError) => void = () => {};
  const firedPromise = new Promise<never>((_resolve, reject) => {
    rejectFired = reject;
  });
  // Nobody may be racing when the deadline fires; later races still receive the rejection.
  firedPromise.catch(() => {});

  const fire = (error: KitAIError): void => {
    if (fired) return;
    fired = error;
    controller.abort(error);
    rejectFired(error);
  };
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => fire(options.timeoutError()), options.timeoutMs);
  const parent = options.signal;
  const onAbort = (): void => fire(options.abortError(parent?.reason));
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });

  return {
    signal: controller.signal,
    async race<T>(work: Promise<T>): Promise<T> {
      if (fired) {
        work.catch(() => {});
        throw fired;
      }
      try {
        return await Promise.race([work, firedPromise]);
      } catch (error) {
        // Work that honours the signal rejects with its own AbortError; report why it was aborted.
        throw fired ?? error;
      } finally {
        work.catch(() => {});
      }
    },
    reason: () => fired,
    dispose(): void {
      if (timer) clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}
