/** Something that must end by `deadline` (a `performance.now()` time), or be told to by `expire()`. */
export interface Deadlined {
  readonly deadline: number;
  expire(): void;
}

/**
 * The deadlines of everything still running, watched by one timer for all of them, set for the earliest.
 * Most pages are whole in React's first pass, long before their deadline: for them a deadline is an entry
 * put in a set and taken out again, not a timer (or a microtask to decide whether one is needed) each.
 * The timer does not keep the process alive: whatever is still running keeps its own handles (a socket).
 */
export class Deadlines {
  private readonly running = new Set<Deadlined>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Number.POSITIVE_INFINITY;

  watch(entry: Deadlined): void {
    this.running.add(entry);
    if (entry.deadline < this.timerAt) this.arm(entry.deadline);
  }

  /** The entry ended in time (or was expired): it is forgotten; the timer stays for the others. */
  forget(entry: Deadlined): void {
    this.running.delete(entry);
  }

  /** How many entries are watched (for tests). */
  get size(): number {
    return this.running.size;
  }

  private arm(at: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.check(), Math.max(0, at - performance.now()));
    this.timer.unref();
  }

  private check(): void {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.running) {
      if (entry.deadline <= now) {
        this.running.delete(entry);
        entry.expire();
      } else if (entry.deadline < next) next = entry.deadline;
    }
    if (next !== Number.POSITIVE_INFINITY) this.arm(next);
  }
}
