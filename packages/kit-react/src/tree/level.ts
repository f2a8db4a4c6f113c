import type { ComponentType } from 'react';
import type { ErrorPageProps } from '../modules/types.js';
import type { JsonValue } from '../state/json.js';
import type { ErrorInfo, LevelKind } from '../state/state.js';
import type { ServerOnlySource } from './contexts.js';

/** What a level renders once its data is known: its own component with data, or a view in its place. */
export interface LevelView {
  readonly kind: LevelKind | 'loading';
  readonly file: string;
  // The props differ by kind (none, or ErrorPageProps for an error view); LevelBody passes the right ones.
  readonly Component: ComponentType | ComponentType<ErrorPageProps>;
  readonly data: JsonValue;
  readonly error?: ErrorInfo;
  /** In the browser: the level's data stayed on the server (`keepDataOnServer`). */
  readonly dataKept?: boolean;
}

/** A component standing for a module file (the route's `_error.tsx` or a built-in view). */
export interface ViewModule<P> {
  readonly file: string;
  readonly Component: ComponentType<P>;
}

/** One level of the tree: a layout, or the page (or the view that replaced it) at the bottom. */
export interface TreeLevel {
  /** React key: a level keeps its state across renders while its key stays the same. */
  readonly key: string;
  readonly index: number;
  readonly file: string;
  /** Ready, or (on the server) pending until the page's loader settles. */
  readonly content:
    { readonly status: 'ready'; readonly view: LevelView } | { readonly status: 'pending'; readonly promise: Promise<LevelView> };
  /** Shown in place of the level when it throws while rendering. */
  readonly errorView: ViewModule<ErrorPageProps>;
  /** Shown while the level's content suspends (the page's `_loading.tsx`); null shows nothing. */
  readonly loadingView: ViewModule<object> | null;
  readonly serverOnly: ServerOnlySource;
}
