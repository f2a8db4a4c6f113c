/**
 * The route manifest: what `scanRoutes` finds in a folder of route files, as plain data. It holds no
 * functions and no absolute paths besides `root`, so it can be written to JSON by a build, read back by
 * a production server and sent to tools, and two scans of the same tree are deeply equal.
 */

/** What a route file serves: an API endpoint (`*.api.ts`) or a page of the React shell (`*.page.tsx`). */
export type RouteKind = 'api' | 'page';

/**
 * One segment of a route's URL pattern. `static` matches its `value` exactly; `dynamic` (`[id]`)
 * matches any one non-empty segment and binds it to the parameter named `value`; `catch-all`
 * (`[...rest]`, last only) matches one or more remaining segments and binds them, in order, as a list.
 */
export interface RouteSegment {
  readonly type: 'static' | 'dynamic' | 'catch-all';
  /** The literal text of a static segment, or the parameter name of the others. */
  readonly value: string;
}

/** A route of the manifest: one `*.api.ts` or `*.page.tsx` file. */
export interface ManifestRoute {
  /** The file's path relative to the manifest's root, with `/` separators: `tickets/[id].page.tsx`. */
  readonly file: string;
  readonly kind: RouteKind;
  /**
   * The URL pattern, `/` for the root: static segments as they are, `:name` for a dynamic segment and
   * `*name` for a catch-all (`/tickets/:id`, `/docs/*path`). Route groups `(name)` leave no trace.
   */
  readonly pattern: string;
  readonly segments: readonly RouteSegment[];
  /** Parameter names in URL order. */
  readonly params: readonly string[];
  /** `_layout.tsx` files that wrap the route, from the root folder down (pages only; empty for APIs). */
  readonly layouts: readonly string[];
  /** `_middleware.ts` files that run around the route, from the root folder down. */
  readonly middleware: readonly string[];
  /** The nearest `_loading.tsx` at or above the route's folder, or null (pages only). */
  readonly loading: string | null;
  /** The nearest `_error.tsx` at or above the route's folder, or null (pages only). */
  readonly error: string | null;
}

/** A `not-found.tsx` file: the page for URLs under its folder's URL prefix that match no route. */
export interface NotFoundBoundary {
  readonly file: string;
  /** The URL prefix its folder stands for (`/` at the root, `/admin` for `admin/not-found.tsx`). */
  readonly prefix: string;
  /** The layouts that wrap it, from the root folder down. */
  readonly layouts: readonly string[];
  /** The `_middleware.ts` files of its folder and the folders above, from the root down. */
  readonly middleware: readonly string[];
}

/** How bad a diagnostic is: errors leave files out of the manifest; warnings do not. */
export type DiagnosticSeverity = 'error' | 'warning';

/**
 * A problem `scanRoutes` found. It names every file involved and says how to fix it, so a developer
 * (or `kit verify`) can act on it without reading the router.
 */
export interface RouteDiagnostic {
  /** Stable code, for tools: see `routeDiagnosticCodes`. */
  readonly code: RouteDiagnosticCode;
  readonly severity: DiagnosticSeverity;
  /** The files involved, relative to the root. */
  readonly files: readonly string[];
  /** What is wrong, naming the files. */
  readonly message: string;
  /** What to do about it. */
  readonly fix: string;
}

/**
 * Every code a `RouteDiagnostic` can carry. `dynamic_shadow` is a warning; the others are errors.
 *
 * @example
 * ```ts
 * import { routeDiagnosticCodes, scanRoutes, type RouteDiagnosticCode } from '@kit/kit-router';
 *
 * const manifest = await scanRoutes('app/routes');
 * const counts = new Map<RouteDiagnosticCode, number>(routeDiagnosticCodes.map((code) => [code, 0]));
 * for (const problem of manifest.diagnostics) counts.set(problem.code, (counts.get(problem.code) ?? 0) + 1);
 * console.log(Object.fromEntries(counts)); // { route_conflict: 0, dynamic_shadow: 1, ... }
 * ```
 */
export const routeDiagnosticCodes = [
  /** Two route files serve the same URL pattern. */
  'route_conflict',
  /** Two dynamic segments at the same place name their parameter differently, so one shadows the other. */
  'dynamic_shadow',
  /** A file looks like a route convention but matches none (`_layuot.tsx`, `a.page.ts`, `[id.page.tsx`). */
  'unknown_convention',
  /** A folder or file name is not a valid segment (`[...rest]` not last, an empty `[]`, a parameter named twice). */
  'invalid_segment',
  /** A catch-all API route: API routes take parameters only from `[name]` segments. */
  'unsupported_catch_all',
  /**
   * A folder that could not be listed (permissions) or a symbolic link whose target cannot be read (broken,
   * looping): what it holds is left out. A link back to one of its own parent folders is skipped silently instead.
   */
  'unreadable_entry',
] as const;

/** A stable diagnostic code. */
export type RouteDiagnosticCode = (typeof routeDiagnosticCodes)[number];

/** What `scanRoutes(dir)` returns. */
export interface RouteManifest {
  /** The absolute path of the scanned folder; every `file` of the manifest is relative to it. */
  readonly root: string;
  /** The usable routes, in match precedence order (see `matchRoute`). */
  readonly routes: readonly ManifestRoute[];
  /** The `not-found.tsx` files, deepest prefix first. */
  readonly notFound: readonly NotFoundBoundary[];
  /** Problems found while scanning, in file order. */
  readonly diagnostics: readonly RouteDiagnostic[];
}

/** Parameters bound by a match: a string per dynamic segment, a list of strings per catch-all. */
export type RouteParams = Readonly<Record<string, string | readonly string[]>>;

/** What `matchRoute` returns for a URL some route serves. */
export interface RouteMatch {
  readonly route: ManifestRoute;
  /** URI-decoded parameter values. */
  readonly params: RouteParams;
}
