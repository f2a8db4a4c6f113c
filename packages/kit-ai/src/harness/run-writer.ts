import type { NewRunEvent, RunEventData, RunEventType, RunPatch, RunRecord, RunStore } from './types.js';
import type { RunSignals } from './run-signals.js';
import { storeFailure } from './store-failure.js';

/** An event to append, stamped now. */
export function runEvent<T extends RunEventType>(type: T, data: RunEventData[T]): NewRunEvent {
  return { type, at: new Date().toISOString(), data } as NewRunEvent;
}

interface QueuedWrite {
  patch: Omit<RunPatch, 'events'> | undefined;
  events: readonly NewRunEvent[];
  done(record: RunRecord | undefined): void;
  failed(error: unknown): void;
}

/**
 * Writes of one execution of a run, each only while this executor still holds the run's lease: once
 * a write finds the lease gone (the executor stalled and another took the run over), `lost` is set
 * and nothing more is written.
 *
 * Writes asked for in the same turn of the event loop go to the store as one (a group commit): the
 * checkpoint taken after a reply and the `call_started` events of its calls are one transaction, not
 * three. Deferred events (`defer`) ride along with the next write: they record what the next
 * checkpoint makes durable anyway (a model reply, a finished call), and a process that dies before
 * that checkpoint does that work again, with its events.
 */
export class RunWriter {
  lost = false;
  /** The run as the last write left it: a pause or cancel asked for by another process shows here. */
  lastRecord: RunRecord | undefined;
  private deferred: NewRunEvent[] = [];
  private queue: QueuedWrite[] = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly store: RunStore,
    readonly runId: string,
    readonly owner: string,
    private readonly signals: RunSignals,
  ) {}

  /** Appends one event, durably before it resolves. */
  event<T extends RunEventType>(type: T, data: RunEventData[T]): Promise<void> {
    return this.events([runEvent(type, data)]);
  }

  /** Appends events, all or none. */
  async events(events: NewRunEvent[]): Promise<void> {
    await this.write(undefined, events);
  }

  /** Records an event with the next write. */
  defer<T extends RunEventType>(type: T, data: RunEventData[T]): void {
    this.deferred.push(runEvent(type, data));
  }

  /** Changes the run, with the events of `patch.events`; `undefined` once the lease is lost. */
  update(patch: RunPatch): Promise<RunRecord | undefined> {
    const { events = [], ...fields } = patch;
    return this.write(fields, events);
  }

  /** Waits for the writes asked for so far. */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private write(patch: QueuedWrite['patch'], events: readonly NewRunEvent[]): Promise<RunRecord | undefined> {
    return new Promise((done, failed) => {
      this.queue.push({ patch, events, done, failed });
      // The next macrotask: the writes the run asks for meanwhile join this one.
      this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      const events = [...this.deferred.splice(0), ...batch.flatMap((write) => write.events)];
      const patches = batch.flatMap((write) => (write.patch ? [write.patch] : []));
      const patch: RunPatch = Object.assign({}, ...patches) as RunPatch;
      try {
        const record = this.lost ? undefined : await this.commit(patch, patches.length > 0, events);
        for (const write of batch) write.done(record);
      } catch (error) {
        const failure = storeFailure(`harness: could not record run "${this.runId}"`, error);
        for (const write of batch) write.failed(failure);
      }
      this.signals.wake(this.runId, patch.status !== undefined);
    }
    this.flushing = undefined;
  }

  private async commit(patch: RunPatch, changesRun: boolean, events: NewRunEvent[]): Promise<RunRecord | undefined> {
    const condition = { leaseOwner: this.owner };
    if (changesRun) {
      const record = await this.store.updateRun(this.runId, { ...patch, events }, condition);
      if (record === undefined) this.lost = true;
      else this.lastRecord = record;
      return record;
    }
    if (events.length === 0) return this.lastRecord;
    const stored = await this.store.appendEvents(this.runId, events, condition);
    if (stored === undefined) this.lost = true;
    return stored === undefined ? undefined : this.lastRecord;
  }
}
