/**
 * @kit/kit-dev: the kit app runtime. `createDevServer` serves an app folder (`app/routes`,
 * `kit.config.ts`, `public/`) with esbuild bundles rebuilt on change, server-sent reload events and
 * error overlays; `buildApp` writes the production build; `startApp` serves it without a bundler.
 */

// The development server
export {
  createDevServer,
  type DevErrorEvent,
  type DevReloadEvent,
  type DevServer,
  type DevServerAddress,
  type DevServerEvents,
  type DevServerOptions,
} from './dev/create-dev-server.js';

// The production build and server
export { buildApp, type BuildAppOptions, type BuildAppResult } from './prod/build-app.js';
export { startApp, type StartAppOptions, type StartedApp } from './prod/start-app.js';
export type { BuildManifest } from './prod/build-manifest.js';

// Options, problems and errors
export type { AppLayoutOptions, BundleOptions, DevLogger, ServeOptions } from './options/options.js';
export type { BuildProblem } from './bundle/build-problem.js';
export {
  KitDevError,
  kitDevErrorCodes,
  type KitDevErrorCode,
  type KitDevErrorOptions,
  type SourceLocation,
} from './errors/kit-dev-error.js';
