import { useContext, type ReactNode } from 'react';
import { KitReactError } from '../errors/kit-react-error.js';
import { LevelViewContext } from '../tree/contexts.js';

/**
 * Renders the next route level (a nested layout or the page) inside a layout. A layout renders it
 * exactly once, where its child content goes; on a client navigation between pages that share the
 * layout, only what the `Outlet` renders changes and the layout keeps its state.
 *
 * @throws KitReactError `outlet_outside_layout` when rendered by a page, a view or outside a kit app.
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { Outlet } from '@kit/kit-react';
 *
 * export default function RootLayout() {
 *   return createElement('div', { className: 'app' }, createElement('nav', null, 'Tickets'), createElement('main', null, createElement(Outlet)));
 * }
 * ```
 */
export function Outlet(): ReactNode {
  const outlet = useContext(LevelViewContext)?.outlet ?? null;
  if (outlet === null) {
    throw new KitReactError(
      'outlet_outside_layout',
      '<Outlet /> was rendered outside a kit route level: render it only in a _layout.tsx component, where the page goes.',
    );
  }
  if (outlet.kind === 'leaf') {
    throw new KitReactError(
      'outlet_outside_layout',
      `<Outlet /> was rendered by ${outlet.file}, which is a ${outlet.levelKind === 'page' ? 'page' : `${outlet.levelKind} view`}: only a _layout.tsx renders <Outlet />; remove it from this file.`,
    );
  }
  return outlet.next;
}
