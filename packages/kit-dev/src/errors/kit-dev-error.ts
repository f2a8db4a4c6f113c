import { KitError } from '@kit/kit-core';

/**
 * Stable codes of the errors kit-dev raises. Tools and tests branch on `code`, never on the message.
 *
 * @example
 * ```ts
 * import { kitDevErrorCodes } from '@kit/kit-dev';
 *
 * console.log(Object.keys(kitDevErrorCodes).includes('build_failed')); // true
 * ```
 */
export const kitDevErrorCodes = {
  /** An option of `createDevServer`, `buildApp` or `startApp` has a wrong type or value. */
  invalid_option: 'The option has a wrong type or value.',
  /** esbuild refused the app's sources (a syntax error, an import that does not resolve). */
  build_failed: 'The app could not be bundled.',
  /** A bundled module threw while it was imported, or exports nothing a kit app can use. */
  load_failed: 'A module of the app could not be loaded.',
  /** `scanRoutes` reported error diagnostics (`route_conflict`, ...), so the build stopped. */
  route_errors: 'The route folder has errors.',
  /** Two route files, or a file and `kit.config.ts`, define the same method and path. */
  duplicate_route: 'Two definitions serve the same method and path.',
  /** A page exported with `prerender` could not be rendered into the build (bad paths, a status other than 200). */
  prerender_failed: 'A prerendered page could not be rendered.',
  /** `startApp` found no build (or one from another version of kit-dev) in `outDir`. */
  build_missing: 'There is no usable production build.',
  /** The server could not listen (the port is taken, the host cannot be bound). */
  listen_failed: 'The server could not listen.',
} as const;

/** One of the stable kit-dev error codes. */
export type KitDevErrorCode = keyof typeof kitDevErrorCodes;

/** Where in a source file a problem is, 1-based, with the path relative to the app's root. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Options of a `KitDevError`. */
export interface KitDevErrorOptions {
  /** The source location the error points at, when known. */
  readonly location?: SourceLocation;
  readonly cause?: unknown;
}

/**
 * The error of kit-dev: a stable `code`, a message naming the component, the bad value and the fix, and
 * for build and load errors the file, line and column concerned.
 *
 * @example
 * ```ts
 * import { buildApp, KitDevError } from '@kit/kit-dev';
 *
 * try {
 *   await buildApp({ root: './my-app' });
 * } catch (error) {
 *   if (error instanceof KitDevError && error.location) console.error(`${error.location.file}:${error.location.line}`);
 * }
 * ```
 */
export class KitDevError extends Error {
  readonly code: KitDevErrorCode;
  readonly location: SourceLocation | undefined;

  constructor(code: KitDevErrorCode, message: string, options: KitDevErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitDevError';
    this.code = code;
    this.location = options.location;
  }

  /**
   * The kit-core error for the HTTP edge: every kit-dev error is a fault of the app being served, not of
   * the caller, so it is `internal` (500) there.
   *
   * @example
   * ```ts
   * import { KitDevError } from '@kit/kit-dev';
   *
   * console.log(new KitDevError('load_failed', 'x').toKitError().code); // internal
   * ```
   */
  toKitError(): KitError {
    return new KitError('internal', this.message, { cause: this });
  }
}
