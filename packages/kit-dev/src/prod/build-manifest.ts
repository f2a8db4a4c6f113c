import type { CachedPage } from '@kit/kit-react/server';
import type { RouteManifest } from '@kit/kit-router';

/** The version of the `manifest.json` format; `startApp` refuses others. */
export const buildFormat = 1;

/**
 * `manifest.json` of a production build: the route manifest, where each route file's server module is
 * (relative to `server/`), the URL of each route file's browser chunk, the client entry and the
 * stylesheets.
 */
export interface BuildManifest {
  readonly format: typeof buildFormat;
  readonly builtAt: string;
  readonly routes: RouteManifest;
  readonly server: {
    readonly modules: Readonly<Record<string, string>>;
    readonly config: string | null;
  };
  readonly client: {
    readonly entry: string;
    readonly urls: Readonly<Record<string, string>>;
    readonly styles: readonly string[];
  };
  /** The pages rendered into the build (`prerender`): each path, its HTML file (relative to `prerendered/`) and its answer's headers. */
  readonly prerendered?: readonly PrerenderedPage[];
}

/** One prerendered page of a build: the kept answer without its body, which is the file `prerendered/<file>`. */
export interface PrerenderedPage extends Omit<CachedPage, 'body'> {
  readonly path: string;
  readonly file: string;
}
