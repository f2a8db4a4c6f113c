import { createContext, type ReactNode } from 'react';
import type { JsonValue } from '../state/json.js';
import type { LevelKind } from '../state/state.js';

/** The loader data a component under a level reads, or why there is none. */
export type LoaderDataValue =
  | { readonly kind: 'data'; readonly file: string; readonly data: JsonValue }
  | { readonly kind: 'none'; readonly file: string; readonly levelKind: LevelKind | 'loading' }
  | { readonly kind: 'kept'; readonly file: string };

/** What `<Outlet />` renders: the next level for a layout; pages and views have none. */
export type OutletValue =
  | { readonly kind: 'layout'; readonly file: string; readonly next: ReactNode }
  | { readonly kind: 'leaf'; readonly file: string; readonly levelKind: LevelKind | 'loading' };

/**
 * Where a level's `ServerOnly` blocks get their HTML on the client: from the server-rendered document
 * (hydration) or from the navigation payload that brought the level (`token` tags the level's blocks so
 * each finds its position among them in document order).
 */
export type ServerOnlySource =
  { readonly kind: 'document' } | { readonly kind: 'payload'; readonly token: string; readonly blocks: readonly string[] };

/** The level a component renders in, for `ServerOnly` (its index and where its blocks come from). */
export interface LevelValue {
  readonly index: number;
  readonly file: string;
  readonly serverOnly: ServerOnlySource;
}

/**
 * Everything a component under a level reads, in one context so a level costs one provider: the level
 * (for `ServerOnly`), its loader data (for `useLoaderData`) and what `<Outlet />` renders. Page
 * rendering pays for every provider of every level on every request.
 */
export interface LevelViewValue {
  readonly level: LevelValue;
  readonly data: LoaderDataValue;
  readonly outlet: OutletValue;
}

export const LevelViewContext = createContext<LevelViewValue | null>(null);

/** Set inside `ServerOnly`, so nested ones render their children as they are. */
export const InsideServerOnlyContext = createContext(false);
