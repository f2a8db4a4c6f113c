import type { RunTextEvent } from './types.js';

/**
 * Wake-ups between the parts of one process that work on the same run: the executor that records an
 * event wakes the readers of `events()` at once, instead of at their next poll, and a status change
 * also wakes `wait()`. Other processes are seen by polling the store. Streamed text goes only to readers in
 * this process, as it is never stored.
 */
export class RunSignals {
  private readonly onEvents = new Map<string, Set<() => void>>();
  private readonly onStatus = new Map<string, Set<() => void>>();
  private readonly onText = new Map<string, Set<(data: RunTextEvent['data']) => void>>();

  /** The reply being streamed of each run executed here, so a reader that comes in part way gets its start. */
  private readonly replies = new Map<string, RunTextEvent['data']>();

  /** Hands a piece of streamed text to the readers of `runId` that asked for text; it is kept only until the reply is whole. */
  sendText(runId: string, data: RunTextEvent['data']): void {
    const reply = this.replies.get(runId);
    if (reply && reply.iteration === data.iteration) reply.text += data.text;
    else this.replies.set(runId, { ...data });
    const listeners = this.onText.get(runId);
    if (listeners) for (const listener of listeners) listener(data);
  }

  /** The reply of `runId` is whole (its `model_call` event holds it) or its execution here ended. */
  endReply(runId: string): void {
    this.replies.delete(runId);
  }

  /**
   * Calls `listener` with each piece of `runId`'s streamed text until the returned function is called,
   * starting with the text of the reply under way, if any, as one piece.
   */
  listenText(runId: string, listener: (data: RunTextEvent['data']) => void): () => void {
    let listeners = this.onText.get(runId);
    if (!listeners) this.onText.set(runId, (listeners = new Set()));
    listeners.add(listener);
    const reply = this.replies.get(runId);
    if (reply) listener({ ...reply });
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.onText.get(runId) === listeners) this.onText.delete(runId);
    };
  }

  /** Wakes the readers of `runId`'s events, and its waiters too when its status changed. */
  wake(runId: string, statusChanged = true): void {
    wakeAll(this.onEvents, runId);
    if (statusChanged) wakeAll(this.onStatus, runId);
  }

  /** Resolves at the next event of `runId`, after `timeoutMs`, or when `signal` aborts, whichever comes first. */
  nextEvent(runId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return waitOn(this.onEvents, runId, timeoutMs, signal);
  }

  /** Resolves at the next status change of `runId`, after `timeoutMs`, or when `signal` aborts. */
  nextStatus(runId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return waitOn(this.onStatus, runId, timeoutMs, signal);
  }
}

function wakeAll(waiters: Map<string, Set<() => void>>, runId: string): void {
  const set = waiters.get(runId);
  if (!set) return;
  waiters.delete(runId);
  for (const wake of set) wake();
}

function waitOn(waiters: Map<string, Set<() => void>>, runId: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    let set = waiters.get(runId);
    if (!set) waiters.set(runId, (set = new Set()));
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      waiters.get(runId)?.delete(done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    signal?.addEventListener('abort', done, { once: true });
    set.add(done);
  });
}
