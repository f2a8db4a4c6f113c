/**
 * The browser build of @kit/kit-router (the `browser` export condition): everything but `scanRoutes`,
 * which reads the file system. A client bundle that matches URLs against a manifest (its JSON fetched or
 * inlined) resolves here and never sees a Node import.
 */

export { matchNotFound, matchRoute } from './match/match-route.js';
export {
  routeDiagnosticCodes,
  type DiagnosticSeverity,
  type ManifestRoute,
  type NotFoundBoundary,
  type RouteDiagnostic,
  type RouteDiagnosticCode,
  type RouteKind,
  type RouteManifest,
  type RouteMatch,
  type RouteParams,
  type RouteSegment,
} from './manifest.js';
export { KitRouterError, kitRouterErrorCodes, type KitRouterErrorCode } from './errors.js';
