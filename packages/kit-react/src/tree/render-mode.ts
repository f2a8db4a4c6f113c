import { createContext } from 'react';
import type { ErrorInfo } from '../state/state.js';

/**
 * Which levels' render attempts are under way on the server. Fizz renders depth-first and gives no way
 * to catch a component's error at a level, so each level marks where its content starts and ends; an
 * error reported while a level's content is open belongs to the innermost open level, whose Suspense
 * fallback (rendered after the error, as Fizz queues it) then shows the error view.
 */
export class LevelTracker {
  private readonly open: number[] = [];
  /** Levels whose content began: a retried render of one (its data came later) does not enter it again. */
  private readonly entered = new Set<number>();
  private readonly failures = new Map<number, ErrorInfo>();
  /** Set once a level failed before the shell was ready, so the status becomes 500. */
  failedBeforeShell = false;
  shellReady = false;

  enter(index: number): void {
    if (this.entered.has(index)) return;
    this.entered.add(index);
    this.open.push(index);
  }

  exit(index: number): void {
    const at = this.open.lastIndexOf(index);
    if (at >= 0) this.open.splice(at, 1);
  }

  /** Records a render error against the innermost open level; returns that level, if any. */
  fail(info: ErrorInfo): number | undefined {
    const index = this.open.pop();
    if (index === undefined) return undefined;
    if (!this.failures.has(index)) this.failures.set(index, info);
    if (!this.shellReady) this.failedBeforeShell = true;
    return index;
  }

  failure(index: number): ErrorInfo | undefined {
    return this.failures.get(index);
  }
}

/** Where the tree is rendered, which decides what `ServerOnly` and the level boundaries do. */
export type RenderMode =
  | { readonly kind: 'server'; readonly dev: boolean; readonly tracker: LevelTracker; readonly serverOnlyTag: string | null }
  | { readonly kind: 'client'; readonly dev: boolean };

/** Null outside a kit tree: components then behave as on the client without a router. */
export const RenderModeContext = createContext<RenderMode | null>(null);
