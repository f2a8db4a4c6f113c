/**
 * Stable codes of the errors kit-router throws. Problems inside a routes folder are never thrown: they are
 * `RouteDiagnostic`s of the manifest. These codes are for calls that cannot produce a manifest at all.
 *
 * @example
 * ```ts
 * import { kitRouterErrorCodes } from '@kit/kit-router';
 *
 * console.log(kitRouterErrorCodes.includes('routes_dir_missing')); // true
 * ```
 */
export const kitRouterErrorCodes = [
  /** `scanRoutes` got something that is not a path: an empty string or a value that is not a string. */
  'routes_dir_invalid',
  /** The folder given to `scanRoutes` does not exist. */
  'routes_dir_missing',
  /** The path given to `scanRoutes` is a file (or something else that is not a folder). */
  'routes_dir_not_a_folder',
  /** The folder given to `scanRoutes` exists but cannot be listed (permissions). */
  'routes_dir_unreadable',
  /** `matchRoute` or `matchNotFound` got a manifest that is not shaped like one `scanRoutes` returns. */
  'invalid_manifest',
] as const;

/** One of the stable codes of `KitRouterError`. */
export type KitRouterErrorCode = (typeof kitRouterErrorCodes)[number];

/**
 * The error kit-router throws, with a stable `code` and the `path` it is about. `message` names the
 * function, the bad value and what to do.
 *
 * @example
 * ```ts
 * import { KitRouterError, scanRoutes } from '@kit/kit-router';
 *
 * try {
 *   await scanRoutes('app/routes');
 * } catch (error) {
 *   if (error instanceof KitRouterError && error.code === 'routes_dir_missing') console.error(error.message);
 *   else throw error;
 * }
 * ```
 */
export class KitRouterError extends Error {
  readonly code: KitRouterErrorCode;
  /** The absolute path the error is about (for `routes_dir_invalid`, the value given, as text). */
  readonly path: string;

  constructor(code: KitRouterErrorCode, path: string, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitRouterError';
    this.code = code;
    this.path = path;
  }
}
