/** One unit of work handed to a `CallScheduler`. */
export interface ScheduledWork<T> {
  /** May run at the same time as other safe work. */
  safe: boolean;
  /** Asked in call order, right before the work would start; `false` stops the batch (nothing later starts). */
  admit(): Promise<boolean>;
  run(): Promise<T>;
}

/**
 * Starts calls in the order they are added, as soon as the rules allow, while more may still be
 * arriving (a streamed reply): consecutive safe calls run together up to `maxConcurrency`; an unsafe
 * call waits for everything before it, runs alone, and holds back what follows. With
 * `maxConcurrency` 1 every call runs after the previous one. `stopWhen` (a hard failure) and a
 * refused `admit` stop the batch: calls already running finish, later ones never start.
 */
export class CallScheduler<T> {
  private chain: Promise<void> = Promise.resolve();
  private readonly running = new Set<Promise<void>>();
  private readonly results: (T | undefined)[] = [];
  private stoppedAt: number | undefined;
  private refusedAt: number | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly maxConcurrency: number,
    private readonly stopWhen: (result: T) => boolean = () => false,
  ) {}

  /** The index of the work whose `admit` returned false, if any. */
  get refusedIndex(): number | undefined {
    return this.refusedAt;
  }

  /** Adds a gate that runs before any later work: `false` stops the batch before that point. */
  addGate(gate: () => Promise<boolean>): void {
    const index = this.results.length;
    this.enqueue(async () => {
      if (!(await gate())) this.stop(index);
    });
  }

  /** Adds work; its result lands at its position among the added work (gates excluded). */
  add(work: ScheduledWork<T>): void {
    const index = this.results.length;
    this.results.push(undefined);
    const alone = !work.safe || this.maxConcurrency <= 1;
    this.enqueue(async () => {
      if (alone) await Promise.all(this.running);
      else while (this.running.size >= this.maxConcurrency) await Promise.race(this.running);
      if (this.stopped()) return;
      if (!(await work.admit())) {
        this.refusedAt = index;
        this.stop(index);
        return;
      }
      const execution = work.run().then(
        (result) => {
          this.results[index] = result;
          if (this.stopWhen(result)) this.stop(index);
        },
        (error: unknown) => this.fail(error),
      );
      if (alone) {
        await execution;
        return;
      }
      const tracked: Promise<void> = execution.finally(() => this.running.delete(tracked));
      this.running.add(tracked);
    });
  }

  /** Waits for everything added so far; the result of each work in order (`undefined` when it did not run). Rethrows the first error thrown by `admit`, `run` or a gate. */
  async finish(): Promise<(T | undefined)[]> {
    // Work added while waiting (a stream still delivering) extends the chain, so wait until it is stable.
    let seen: Promise<void> | undefined;
    while (seen !== this.chain) {
      seen = this.chain;
      await seen;
    }
    await Promise.all(this.running);
    if (this.failure) throw this.failure.error;
    return [...this.results];
  }

  private stopped(): boolean {
    return this.stoppedAt !== undefined || this.failure !== undefined;
  }

  private stop(index: number): void {
    if (this.stoppedAt === undefined || index < this.stoppedAt) this.stoppedAt = index;
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.stopped()) return;
      try {
        await step();
      } catch (error) {
        this.fail(error);
      }
    });
  }
}
