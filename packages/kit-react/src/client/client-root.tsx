import { useMemo, useSyncExternalStore } from 'react';
import { RouterContext } from '../router/router.js';
import { AppDocument } from '../tree/app-document.js';
import { levelChain } from '../tree/level-component.js';
import { RenderModeContext, type RenderMode } from '../tree/render-mode.js';
import type { Navigator } from './navigator.js';

/** The client's tree: the same document the server rendered, driven by the navigator's snapshots. */
export function ClientRoot({
  navigator,
  mode,
  styles,
}: {
  readonly navigator: Navigator;
  readonly mode: RenderMode;
  readonly styles: readonly string[];
}) {
  const snapshot = useSyncExternalStore(navigator.subscribe, navigator.getSnapshot, navigator.getSnapshot);
  // The same elements while the levels stay the same: a router change (isNavigating) re-renders only
  // the components that read the router.
  const levels = useMemo(() => levelChain(snapshot.levels), [snapshot.levels]);
  return (
    <RenderModeContext value={mode}>
      <RouterContext value={snapshot.handle}>
        <AppDocument styles={styles}>{levels}</AppDocument>
      </RouterContext>
    </RenderModeContext>
  );
}
