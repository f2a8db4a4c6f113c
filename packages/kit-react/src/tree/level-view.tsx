import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { ErrorPageProps } from '../modules/types.js';
import { LoaderDataContext, OutletContext, type LoaderDataValue, type OutletValue } from './contexts.js';
import type { LevelView } from './level.js';

/**
 * Renders what a level shows, with the contexts its hooks read: loader data and the next level for a
 * layout, loader data for a page, and for views (not-found, error, loading) contexts that make
 * `useLoaderData()` and `<Outlet />` explain why they cannot work there. One shape for every case, so
 * the server's and the client's trees line up for hydration.
 */
export function LevelViewRender({ view, next }: { readonly view: LevelView; readonly next: ReactNode }) {
  const data = useMemo<LoaderDataValue>(
    () =>
      view.kind !== 'layout' && view.kind !== 'page'
        ? { kind: 'none', file: view.file, levelKind: view.kind }
        : view.dataKept
          ? { kind: 'kept', file: view.file }
          : { kind: 'data', file: view.file, data: view.data },
    [view],
  );
  const outlet = useMemo<OutletValue>(
    () => (view.kind === 'layout' ? { kind: 'layout', file: view.file, next } : { kind: 'leaf', file: view.file, levelKind: view.kind }),
    [view, next],
  );
  const props = view.kind === 'error' && view.error ? { error: view.error } : {};
  const Component = view.Component as ComponentType<Partial<ErrorPageProps>>;
  return (
    <LoaderDataContext value={data}>
      <OutletContext value={outlet}>
        <Component {...props} />
      </OutletContext>
    </LoaderDataContext>
  );
}
