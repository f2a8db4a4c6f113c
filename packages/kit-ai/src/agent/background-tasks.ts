import type { AgentTaskKind } from '../tools/types.js';
import type { CallOutcome, IdentifiedCall } from './call-outcome.js';

/** A task call still running in the background, as the system prompt lists it. */
export interface RunningTask {
  call: IdentifiedCall;
  /** Milliseconds since it started. */
  elapsedMs: number;
}

/** Where the background tasks stand: the outcomes not reported yet, in the order they finished, and the calls still running, in the order they started. */
export interface BackgroundInFlight {
  finished: CallOutcome[];
  running: IdentifiedCall[];
}

/** One task call started in the background. */
interface Entry {
  call: IdentifiedCall;
  taskKind: AgentTaskKind;
  iteration: number;
  started: number;
  controller: AbortController;
  /** Resolves once the call has an outcome (or was dropped). */
  settled: Promise<void>;
}

/**
 * The task calls of a run that started in the background (`backgroundTasks`): a batch starts them and
 * goes on; the loop reports their outcomes later (`takeFinished`), lists the running ones in the
 * system prompt and, when the run ends, aborts them (`abortRunning`). An outcome arriving after its
 * call was dropped is ignored.
 */
export class BackgroundTasks {
  private readonly running = new Set<Entry>();
  private readonly finished: CallOutcome[] = [];

  /** Starts a task call; `execute` gets the signal that `abortRunning` aborts. */
  start(call: IdentifiedCall, taskKind: AgentTaskKind, iteration: number, execute: (signal: AbortSignal) => Promise<CallOutcome>): void {
    const controller = new AbortController();
    const entry: Entry = { call, taskKind, iteration, started: Date.now(), controller, settled: Promise.resolve() };
    entry.settled = execute(controller.signal).then(
      (outcome) => this.settle(entry, outcome),
      // executeCall never rejects; should it, the call ends as an error rather than never.
      (error: unknown) => this.settle(entry, this.failed(entry, `Task ${call.name} failed: ${String(error)}`, 'tool_failed')),
    );
    this.running.add(entry);
  }

  /** Whether a call is running or has an outcome not yet taken. */
  get outstanding(): boolean {
    return this.running.size > 0 || this.finished.length > 0;
  }

  /** The calls still running, in the order they started, with how long they have run. */
  runningTasks(now = Date.now()): RunningTask[] {
    return [...this.running.values()].map((entry) => ({ call: entry.call, elapsedMs: now - entry.started }));
  }

  /** The outcomes not taken yet and the running calls, leaving both as they are (for a checkpoint). */
  inFlight(): BackgroundInFlight {
    return { finished: this.finished.slice(), running: [...this.running.values()].map((entry) => entry.call) };
  }

  /** The outcomes that arrived since the last call, in the order they finished; they are the caller's to report. */
  takeFinished(): CallOutcome[] {
    return this.finished.splice(0);
  }

  /** Resolves once an outcome is waiting to be taken: at once when one is, else when the next running call finishes. */
  async nextFinished(): Promise<void> {
    if (this.finished.length > 0 || this.running.size === 0) return;
    await Promise.race([...this.running.values()].map((entry) => entry.settled));
  }

  /**
   * Aborts the signal of every running call and drops them, without waiting for them to stop. With
   * `error`, each becomes an `error` outcome with that message (`aborted`), returned in start order;
   * without, they are returned as calls only (a checkpoint runs them again).
   */
  abortRunning(error: (call: IdentifiedCall) => string): CallOutcome[];
  abortRunning(): IdentifiedCall[];
  abortRunning(error?: (call: IdentifiedCall) => string): CallOutcome[] | IdentifiedCall[] {
    const entries = [...this.running.values()];
    this.running.clear();
    for (const entry of entries) entry.controller.abort();
    if (!error) return entries.map((entry) => entry.call);
    return entries.map((entry) => this.failed(entry, error(entry.call), 'aborted'));
  }

  private settle(entry: Entry, outcome: CallOutcome): void {
    // A call aborted with the run is no longer this set's: its late outcome is dropped.
    if (!this.running.delete(entry)) return;
    this.finished.push(outcome);
  }

  private failed(entry: Entry, error: string, code: 'aborted' | 'tool_failed'): CallOutcome {
    return {
      call: entry.call,
      kind: 'task',
      taskKind: entry.taskKind,
      status: 'error',
      error,
      errorCode: code,
      iteration: entry.iteration,
      startedAt: new Date(entry.started).toISOString(),
      durationMs: Date.now() - entry.started,
    };
  }
}
