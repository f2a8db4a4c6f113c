import type { KitConfig } from '@kit/kit-core';
import type { CachedPage } from '@kit/kit-react/server';
import type { RouteManifest } from '@kit/kit-router';

/** An app whose server modules are imported and whose browser chunks are known: what the runtime serves. */
export interface LoadedApp {
  readonly manifest: RouteManifest;
  /** Route file (relative to the route folder) -> its imported server module. */
  readonly modules: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** The default export of `kit.config.ts`, or null when the app has none. */
  readonly config: KitConfig | null;
  /** Route file -> URL of its browser chunk. */
  readonly clientUrls: ReadonlyMap<string, string>;
  /** The generated browser entry and the stylesheets every page links. */
  readonly assets: { readonly clientEntry: string; readonly styles: readonly string[] };
}

/** How the runtime serves a loaded app. */
export interface RuntimeOptions {
  /** Development: error details on pages, the dev client connected. */
  readonly dev: boolean;
  /** The server-sent events URL of the dev client. */
  readonly devEventsUrl?: string;
  /** Mount the MCP server at `/mcp`. */
  readonly mcp: boolean;
  /** Mount A2A at `/a2a` and its agent card at `/.well-known/agent.json` and `/.well-known/agent-card.json`. */
  readonly a2a: boolean;
  /** Where loader and render failures are reported (kit-react's `onError`); default: kit-react's own report on standard error. */
  readonly onPageError?: (error: unknown, where: string) => void;
  /** Pages rendered into the build (`prerender`), which the page cache serves from the start. */
  readonly prerendered?: readonly { readonly path: string; readonly page: CachedPage }[];
  /** Turns an error thrown by the renderer into an answer (the dev overlay), or returns null to let kit-core answer 500. */
  readonly onRenderError?: (error: unknown, request: Request) => Response | null;
}
