import { Suspense, use, useContext, useMemo, type ReactNode } from 'react';
import { LevelContext, type LevelValue } from './contexts.js';
import type { TreeLevel } from './level.js';
import { LevelErrorBoundary } from './level-boundary.js';
import { LevelViewRender } from './level-view.js';
import { RenderModeContext } from './render-mode.js';

/** Marks where a level's content starts and ends for the server's tracker; renders nothing. */
function LevelMark({ index, edge }: { readonly index: number; readonly edge: 'enter' | 'exit' }) {
  const mode = useContext(RenderModeContext);
  if (mode?.kind === 'server') {
    if (edge === 'enter') mode.tracker.enter(index);
    else mode.tracker.exit(index);
  }
  return null;
}

function LevelBody({ level, next }: { readonly level: TreeLevel; readonly next: ReactNode }) {
  const view = level.content.status === 'ready' ? level.content.view : use(level.content.promise);
  return <LevelViewRender view={view} next={next} />;
}

/**
 * What shows while a level's content is not there: on the server, the error view when the content
 * threw (the tracker knows), else the loading view; on the client, the loading view.
 */
function LevelFallback({ level }: { readonly level: TreeLevel }) {
  const mode = useContext(RenderModeContext);
  const failure = mode?.kind === 'server' ? mode.tracker.failure(level.index) : undefined;
  if (failure) {
    return (
      <LevelViewRender
        view={{ kind: 'error', file: level.errorView.file, Component: level.errorView.Component, data: null, error: failure }}
        next={null}
      />
    );
  }
  if (level.loadingView === null) return null;
  return (
    <LevelViewRender
      view={{ kind: 'loading', file: level.loadingView.file, Component: level.loadingView.Component, data: null }}
      next={null}
    />
  );
}

/**
 * One route level: its error boundary (client), its Suspense boundary (the loading view while the
 * page's data streams; the error view on the server when it throws) and its content.
 *
 * The server leaves the error boundary out: React's server renderer never asks an error boundary to
 * catch (a throw goes to the nearest Suspense boundary, whose fallback the tracker turns into the error
 * view), so there it would only cost a class instance per level and page. Leaving it out does not
 * change what hydration compares: a component with one child adds no element and no `useId` branch.
 */
export function Level({ level, next }: { readonly level: TreeLevel; readonly next: ReactNode }) {
  const mode = useContext(RenderModeContext);
  const value = useMemo<LevelValue>(() => ({ index: level.index, file: level.file, serverOnly: level.serverOnly }), [level]);
  const content = (
    <Suspense fallback={<LevelFallback level={level} />}>
      <LevelMark index={level.index} edge="enter" />
      <LevelBody level={level} next={next} />
      <LevelMark index={level.index} edge="exit" />
    </Suspense>
  );
  return (
    <LevelContext value={value}>
      {mode?.kind === 'server' ? (
        content
      ) : (
        <LevelErrorBoundary level={level} dev={mode?.dev ?? false}>
          {content}
        </LevelErrorBoundary>
      )}
    </LevelContext>
  );
}

/** Nests the levels, root layout outermost: each layout's `<Outlet />` renders the element of the next. */
export function levelChain(levels: readonly TreeLevel[]): ReactNode {
  let next: ReactNode = null;
  for (let i = levels.length - 1; i >= 0; i--) {
    const level = levels[i]!;
    next = <Level key={level.key} level={level} next={next} />;
  }
  return next;
}
