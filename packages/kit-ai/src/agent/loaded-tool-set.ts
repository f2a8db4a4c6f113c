/**
 * The run's `loadedTools` as the set a deferred catalogue filters by, read for every model call. It
 * catches up with the list when told to, after the list may have changed, and compares only the
 * length: that sees every name the run adds, but not a list of the same length with other names, as
 * one `onCheckpoint` hands back may be.
 */
export class LoadedToolSet {
  private set: ReadonlySet<string> = new Set();

  get current(): ReadonlySet<string> {
    return this.set;
  }

  sync(names: readonly string[]): void {
    if (this.set.size !== names.length) this.set = new Set(names);
  }
}
