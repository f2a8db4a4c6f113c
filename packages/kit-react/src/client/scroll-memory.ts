const storageKey = 'kit-scroll-positions';
const maxEntries = 50;

/** Where a history entry was scrolled to. */
export interface ScrollPosition {
  readonly x: number;
  readonly y: number;
}

/**
 * Scroll positions per history entry (the router keys each entry in `history.state`), kept in memory
 * and in sessionStorage across reloads, so back, forward and reload return to where the reader was.
 */
export class ScrollMemory {
  private readonly positions = new Map<string, ScrollPosition>();

  constructor() {
    try {
      const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as [string, ScrollPosition][];
      for (const [key, position] of saved) this.positions.set(key, position);
    } catch {
      // Storage may be unavailable (privacy modes) or hold something else: start empty.
    }
  }

  save(key: string): void {
    this.positions.delete(key);
    this.positions.set(key, { x: window.scrollX, y: window.scrollY });
    while (this.positions.size > maxEntries) this.positions.delete(this.positions.keys().next().value!);
  }

  get(key: string): ScrollPosition | undefined {
    return this.positions.get(key);
  }

  persist(): void {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify([...this.positions]));
    } catch {
      // Nothing to do: positions stay in memory for this document.
    }
  }
}
