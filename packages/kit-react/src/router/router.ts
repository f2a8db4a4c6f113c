import { createContext } from 'react';
import type { RouteParams } from '@kit/kit-router';
import type { ActionResultState } from '../actions/action-result.js';

/** Options of `Router.navigate`. */
export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one. Default false. */
  readonly replace?: boolean;
  /** Scroll to the top (or to the URL's `#hash`) after the new page renders. Default true. */
  readonly scroll?: boolean;
  /** Animate the change with the View Transitions API where the browser has it. Default false. */
  readonly viewTransition?: boolean;
}

/** URLSearchParams without its mutating methods: change the URL with `navigate` instead. */
type ReadonlySearchParams = Omit<URLSearchParams, 'append' | 'delete' | 'set' | 'sort'>;

/** What `useRouter()` returns: the current route and the navigation functions. */
export interface Router {
  /**
   * Goes to `to` (a path, or a URL of this origin; other origins load as a document) without reloading
   * the document. Resolves once the new page is shown (or the navigation was superseded by a newer one).
   */
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  /** `history.back()`: the previous page comes back with its scroll position. */
  back(): void;
  /** `history.forward()`. */
  forward(): void;
  /** Loads the current URL's data again and re-renders it, keeping scroll and shared layouts' state. */
  refresh(): Promise<void>;
  /** Fetches the data and code of `to` ahead of a navigation; concurrent calls for one URL share a request. */
  prefetch(to: string): Promise<void>;
  /** The current path, without query or hash. */
  readonly pathname: string;
  /** The current route's parameters (a string per `[name]`, a list per `[...rest]`). */
  readonly params: RouteParams;
  /** The current query string, read-only. */
  readonly searchParams: ReadonlySearchParams;
  /** True while a navigation is loading. */
  readonly isNavigating: boolean;
}

/** How a `Form` hands its submission to the client router. */
export type SubmitForm = (form: HTMLFormElement, submitter: HTMLElement | null, action: string | null) => Promise<ActionResultState | null>;

/**
 * The router in context: the public Router, whether it can navigate (it cannot on the server), the
 * answer of the page's last action, the action a form is sending now, and how a form sends one.
 */
export interface RouterHandle {
  readonly router: Router;
  readonly interactive: boolean;
  readonly action: ActionResultState | null;
  /** The name of the action being sent (`''` when the form names none), or null. */
  readonly pendingAction: string | null;
  readonly submit: SubmitForm | null;
}

export const RouterContext = createContext<RouterHandle | null>(null);
