import type { RouteParams } from '@kit/kit-router';
import type { ActionResultState } from '../actions/action-result.js';
import type { RouteMeta } from '../meta/route-meta.js';
import type { JsonValue } from './json.js';

/** What a route level shows: its own component, or a view that took its place. */
export type LevelKind = 'layout' | 'page' | 'not-found' | 'error';

/** What an error view receives (the `error` prop of `_error.tsx`). */
export interface ErrorInfo {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

/** A route file and its client chunk. */
export interface ModuleRefState {
  readonly file: string;
  readonly url: string;
}

/** Files of the built-in views, used in place of a missing `not-found.tsx` or `_error.tsx`. */
export const builtinNotFoundFile = 'kit:not-found';
export const builtinErrorFile = 'kit:error';

/**
 * One rendered level, layouts first: the module file, its client chunk (empty for built-in views), its
 * loader data (null without a loader) and, for an error view, the error it shows.
 */
export interface LevelState {
  readonly file: string;
  readonly url: string;
  readonly data: JsonValue;
  readonly kind: LevelKind;
  readonly error?: ErrorInfo;
  /** The level keeps its data on the server (`keepDataOnServer`): `data` is null here. */
  readonly dataKept?: true;
}

/** Fields shared by the bootstrap state and the navigation payload. */
export interface RouteState {
  readonly status: number;
  readonly pathname: string;
  readonly search: string;
  readonly params: RouteParams;
  readonly levels: readonly LevelState[];
  /** The route's nearest `_loading.tsx`, shown by the client while a later navigation loads. */
  readonly loading: ModuleRefState | null;
  /** The route's nearest `_error.tsx`, shown by the client when a level throws while rendering. */
  readonly error: ModuleRefState | null;
  /** The answer of the action a form posted (the page was rendered for that post). */
  readonly action?: ActionResultState;
}

/** The inline bootstrap state of an HTML page (`<script type="application/json" id="kit-state">`). */
export interface BootstrapState extends RouteState {
  readonly kit: 1;
  /** Present when the page hydrates once the browser is idle (`export const hydrate = 'idle'`). */
  readonly hydrate?: 'idle';
  readonly dev: boolean;
  readonly devEventsUrl: string | null;
  readonly clientEntry: string;
  readonly styles: readonly string[];
}

/** The answer to a request with `Kit-Navigation: 1`. */
export interface NavigationPayload extends RouteState {
  readonly kit: 1;
  readonly clientEntry: string;
  readonly styles: readonly string[];
  /** The HTML of each level's outermost `ServerOnly` blocks, in document order, one list per level. */
  readonly serverOnly: readonly (readonly string[])[];
  /** The merged head metadata of the levels, which the client puts in the head. */
  readonly meta: RouteMeta;
}

/** The answer of an action, to a form sent with JavaScript, that sends the browser on to `redirect`. */
export interface ActionRedirectPayload {
  readonly kit: 1;
  readonly redirect: string;
}

/** A navigation answer telling the client to load the URL as a whole document. */
export interface ReloadPayload {
  readonly kit: 1;
  readonly reload: true;
}

/** The id of the bootstrap state script. */
export const stateElementId = 'kit-state';

/** The request header that asks for the navigation payload. */
export const navigationHeader = 'Kit-Navigation';
