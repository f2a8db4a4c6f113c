import { useMemo, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { ErrorPageProps } from '../modules/types.js';
import { LevelViewContext, type LevelValue, type LevelViewValue } from './contexts.js';
import type { LevelView } from './level.js';

/**
 * The element of what a level shows, with the context its hooks read: loader data and the next level
 * for a layout, loader data for a page, and for views (not-found, error, loading) a context that makes
 * `useLoaderData()` and `<Outlet />` explain why they cannot work there. One shape for every case, so
 * the server's and the client's trees line up for hydration. A hook, so the level's own component can
 * return it without a component of its own in between (each one costs every page the server renders).
 */
export function useLevelView(view: LevelView, next: ReactNode, level: LevelValue): ReactElement {
  const value = useMemo<LevelViewValue>(
    () => ({
      level,
      data:
        view.kind !== 'layout' && view.kind !== 'page'
          ? { kind: 'none', file: view.file, levelKind: view.kind }
          : view.dataKept
            ? { kind: 'kept', file: view.file }
            : { kind: 'data', file: view.file, data: view.data },
      outlet: view.kind === 'layout' ? { kind: 'layout', file: view.file, next } : { kind: 'leaf', file: view.file, levelKind: view.kind },
    }),
    [level, view, next],
  );
  const props = view.kind === 'error' && view.error ? { error: view.error } : {};
  const Component = view.Component as ComponentType<Partial<ErrorPageProps>>;
  return (
    <LevelViewContext value={value}>
      <Component {...props} />
    </LevelViewContext>
  );
}

/** A view shown in a level's place (its loading view, its error view), rendered by `useLevelView`. */
export function LevelViewRender({ view, next, level }: { readonly view: LevelView; readonly next: ReactNode; readonly level: LevelValue }) {
  return useLevelView(view, next, level);
}
