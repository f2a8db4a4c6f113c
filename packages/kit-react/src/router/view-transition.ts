/**
 * Runs `update` inside a view transition, so the browser animates from the old view to the new one:
 * with `document.startViewTransition` where the browser has it and the user does not prefer reduced
 * motion; elsewhere (and on the server) it just runs `update`. Resolves when `update` has finished and
 * the new view is in the DOM (the animation may still be running); rejects with `update`'s error.
 * Make the update synchronous for React state (wrap it in `flushSync`) so the browser captures the new view.
 *
 * @example
 * ```ts
 * import { flushSync } from 'react-dom';
 * import { withViewTransition } from '@kit/kit-react';
 *
 * declare function setExpanded(value: boolean): void;
 * await withViewTransition(() => flushSync(() => setExpanded(true)));
 * ```
 */
export async function withViewTransition(update: () => void | Promise<void>): Promise<void> {
  if (!canTransition()) {
    await update();
    return;
  }
  const transition = document.startViewTransition(async () => {
    await update();
  });
  // A transition skipped by the browser (hidden tab, a newer transition) still ran the update.
  transition.ready.catch(() => undefined);
  transition.finished.catch(() => undefined);
  await transition.updateCallbackDone;
}

function canTransition(): boolean {
  if (typeof document === 'undefined' || typeof document.startViewTransition !== 'function') return false;
  return !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
}
