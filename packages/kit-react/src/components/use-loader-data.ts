import { useContext } from 'react';
import { KitReactError } from '../errors/kit-react-error.js';
import { LevelViewContext } from '../tree/contexts.js';

/**
 * The data the `loader` of the nearest route level returned: a layout (and what it renders outside
 * its `Outlet`) reads its own loader's data, a page its own. A level without a loader gives `null`.
 * `T` is not checked at run time: keep it in step with the loader (`Awaited<ReturnType<typeof loader>>`).
 *
 * @throws KitReactError `loader_data_outside_level` outside a page or layout, `loader_data_unavailable`
 * in `_loading.tsx`, `_error.tsx` and `not-found.tsx`, which have no loader.
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { useLoaderData, type LoaderArgs } from '@kit/kit-react';
 *
 * export async function loader({ params }: LoaderArgs) {
 *   return { id: String(params.id), title: 'Printer on fire' };
 * }
 *
 * export default function TicketPage() {
 *   const ticket = useLoaderData<Awaited<ReturnType<typeof loader>>>();
 *   return createElement('h1', null, `${ticket.id}: ${ticket.title}`);
 * }
 * ```
 */
export function useLoaderData<T = unknown>(): T {
  const value = useContext(LevelViewContext)?.data ?? null;
  if (value === null) {
    throw new KitReactError(
      'loader_data_outside_level',
      'useLoaderData() was called outside a kit route level: call it in a page or layout component, or in a component they render.',
    );
  }
  if (value.kind === 'none') {
    throw new KitReactError(
      'loader_data_unavailable',
      `useLoaderData() was called in ${value.file}, a ${value.levelKind} view, which has no loader data: read the data in the page or layout and pass it down, or leave the hook out of this view.`,
    );
  }
  if (value.kind === 'kept') {
    throw new KitReactError(
      'loader_data_kept_on_server',
      `useLoaderData() was called in the browser for ${value.file}, whose data stays on the server (keepDataOnServer): read it only inside ServerOnly, or remove keepDataOnServer from ${value.file}.`,
    );
  }
  return value.data as T;
}
