/**
 * A one-reader queue between a producer that must never wait (a run) and a reader that may be slow:
 * items are kept until read, the reader waits when there are none, and an end or a failure reaches
 * it after the items before them.
 */
export class EventQueue<T> {
  private items: T[] = [];
  private head = 0;
  private closing: { error?: unknown } | undefined;
  private wake: (() => void) | undefined;
  private taken = false;

  /** Called when the reader stops before the end (a `break`, a `return`, a throw in its loop body). */
  onLeave: (() => void) | undefined;

  push(item: T): void {
    if (this.closing) return;
    this.items.push(item);
    this.wakeReader();
  }

  /** No more items: the reader gets those left, then the end. */
  end(): void {
    this.closing ??= {};
    this.wakeReader();
  }

  /** The reader gets the items left, then `error`. */
  fail(error: unknown): void {
    this.closing ??= { error };
    this.wakeReader();
  }

  /** The queue's items as they come; a queue is read once. */
  async *read(): AsyncGenerator<T, void, undefined> {
    if (this.taken) throw new TypeError('This stream is already being read: iterate it once, and share its events from there.');
    this.taken = true;
    let finished = false;
    try {
      for (;;) {
        if (this.head < this.items.length) {
          const item = this.items[this.head++] as T;
          // Drop what was read now and then, so a long run does not keep every step it streamed.
          if (this.head >= 1024 && this.head * 2 >= this.items.length) {
            this.items = this.items.slice(this.head);
            this.head = 0;
          }
          yield item;
          continue;
        }
        if (this.closing) {
          finished = true;
          if ('error' in this.closing) throw this.closing.error;
          return;
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      }
    } finally {
      if (!finished) this.onLeave?.();
    }
  }

  private wakeReader(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
