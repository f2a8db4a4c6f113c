import { mergeRouteMeta, type RouteMeta } from '../meta/route-meta.js';
import type { MetaArgs, RouteMetaExport } from '../modules/types.js';
import type { LevelState } from '../state/state.js';

const noMeta: RouteMeta = Object.freeze({});

/** A level as rendered: a `LevelState`, or (in the shell) a view whose kind may also be `loading`. */
type ShownLevel = Pick<LevelState, 'file' | 'data' | 'error'> & { readonly kind: string };
import type { RenderErrorInfo, RenderPageOptions } from './options.js';

/**
 * The merged head metadata of a route as rendered: each layout's and the page's `meta`, root first, for
 * the levels that show their own component (a level replaced by an error or not-found view gives none).
 * A `meta` function that throws or returns something else than an object is reported and left out: the
 * page still renders, with the metadata of the other levels.
 */
export function routeMetaOf(
  options: RenderPageOptions,
  levels: readonly ShownLevel[],
  report: (error: unknown, info: RenderErrorInfo) => void,
): RouteMeta {
  // Most routes declare none: nothing to build then.
  if (options.page?.module.meta === undefined && !options.layouts.some((layout) => layout.module.meta !== undefined)) return noMeta;
  const modules = new Map<string, RouteMetaExport<never> | undefined>();
  for (const layout of options.layouts) modules.set(layout.file, layout.module.meta);
  if (options.page) modules.set(options.page.file, options.page.module.meta);
  const pathname = new URL(options.request.url).pathname;
  const parts: RouteMeta[] = [];
  for (const level of levels) {
    if (level.error !== undefined || (level.kind !== 'layout' && level.kind !== 'page')) continue;
    const meta = modules.get(level.file);
    if (meta === undefined) continue;
    if (typeof meta !== 'function') {
      parts.push(meta);
      continue;
    }
    try {
      const made = (meta as (args: MetaArgs) => RouteMeta)({ data: level.data, params: options.params, pathname });
      if (typeof made !== 'object' || made === null)
        throw new TypeError(`meta of ${level.file} returned ${String(made)}; return an object such as { title: '…' }`);
      parts.push(made);
    } catch (error) {
      report(error, { phase: 'render', file: level.file });
    }
  }
  return mergeRouteMeta(parts);
}
