import { Suspense, use, useContext, type ReactNode } from 'react';
import type { TreeLevel } from './level.js';
import { LevelErrorBoundary } from './level-boundary.js';
import { LevelViewRender, useLevelView } from './level-view.js';
import { RenderModeContext } from './render-mode.js';

/** Marks where a level's content ends for the server's tracker; renders nothing. */
function LevelExit({ index }: { readonly index: number }) {
  const mode = useContext(RenderModeContext);
  if (mode?.kind === 'server') mode.tracker.exit(index);
  return null;
}

/**
 * The level's content. On the server it first marks where the content starts for the tracker (the
 * first attempt only: a render retried once the page's data came is not inside the level any more).
 */
function LevelBody({ level, next }: { readonly level: TreeLevel; readonly next: ReactNode }) {
  const mode = useContext(RenderModeContext);
  if (mode?.kind === 'server') mode.tracker.enter(level.index);
  const view = level.content.status === 'ready' ? level.content.view : use(level.content.promise);
  return useLevelView(view, next, level);
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
        level={level}
      />
    );
  }
  if (level.loadingView === null) return null;
  return (
    <LevelViewRender
      view={{ kind: 'loading', file: level.loadingView.file, Component: level.loadingView.Component, data: null }}
      next={null}
      level={level}
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
 * Every component here runs for every level of every page the server renders, so a level is kept to
 * the few the boundary and the tracker need, with one context provider (see `LevelViewContext`).
 */
export function Level({ level, next }: { readonly level: TreeLevel; readonly next: ReactNode }) {
  const mode = useContext(RenderModeContext);
  const content = (
    <Suspense fallback={<LevelFallback level={level} />}>
      <LevelBody level={level} next={next} />
      <LevelExit index={level.index} />
    </Suspense>
  );
  return mode?.kind === 'server' ? (
    content
  ) : (
    <LevelErrorBoundary level={level} dev={mode?.dev ?? false}>
      {content}
    </LevelErrorBoundary>
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
