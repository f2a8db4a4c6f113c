import { matchRoute, type RouteManifest } from '@kit/kit-router';
import type { KitApp } from '@kit/kit-core';
import type { PageModule } from '@kit/kit-react';
import { cachedPageOf } from '@kit/kit-react/server';
import { KitDevError } from '../errors/kit-dev-error.js';
import type { PrerenderedPage } from './build-manifest.js';

/** A prerendered page and its HTML, as `buildApp` writes them. */
export interface RenderedPage {
  readonly entry: PrerenderedPage;
  readonly html: string;
}

/** The paths a page route asks to be prerendered: its own path, or those its `prerender.paths()` lists. */
async function pathsOf(file: string, pattern: string, prerender: NonNullable<PageModule['prerender']>): Promise<readonly string[]> {
  if (prerender === true) {
    if (/[:*]/.test(pattern)) {
      throw new KitDevError(
        'prerender_failed',
        `${file}: prerender = true needs a page without parameters, and ${pattern} has some; export prerender = { paths: () => ['/...'] } listing the paths to render`,
      );
    }
    return [pattern];
  }
  let paths: unknown;
  try {
    paths = await prerender.paths();
  } catch (error) {
    throw new KitDevError(
      'prerender_failed',
      `${file}: prerender.paths() threw: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) {
    throw new KitDevError(
      'prerender_failed',
      `${file}: prerender.paths() must return a list of paths such as ['/docs/intro'], got ${JSON.stringify(paths)}`,
    );
  }
  return paths as string[];
}

/** A file name for a path: `index.html` for `/`, `docs/intro.html` for `/docs/intro`, made safe for any file system. */
function fileFor(path: string, index: number): string {
  const name =
    path === '/'
      ? 'index'
      : path
          .slice(1)
          .replace(/[^A-Za-z0-9/_-]/g, '_')
          .replace(/\/+$/, '');
  return `${name || `page-${index}`}.html`;
}

/**
 * Renders the pages exported with `prerender`, through the whole app (its middleware included), as a
 * visitor who is not signed in would get them. Each path must belong to the page that lists it and answer
 * 200; anything else stops the build with `prerender_failed` naming the file, the path and the answer.
 */
export async function prerenderPages(
  app: KitApp,
  manifest: RouteManifest,
  modules: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
): Promise<RenderedPage[]> {
  const rendered: RenderedPage[] = [];
  const files = new Set<string>();
  for (const route of manifest.routes) {
    if (route.kind !== 'page') continue;
    const prerender = (modules.get(route.file) as PageModule | undefined)?.prerender;
    if (prerender === undefined) continue;
    for (const path of await pathsOf(route.file, route.pattern, prerender)) {
      const match = typeof path === 'string' && path.startsWith('/') ? matchRoute(path.split('?')[0]!, manifest) : null;
      if (match?.route !== route) {
        throw new KitDevError(
          'prerender_failed',
          `${route.file}: prerender lists ${JSON.stringify(path)}, which is not a path of this page (${route.pattern}); list its own paths only`,
        );
      }
      const response = await app.fetch(new Request(new URL(path, 'http://localhost'), { headers: { Accept: 'text/html' } }));
      const { body: html, headers, ...page } = await cachedPageOf(response);
      if (page.status !== 200) {
        throw new KitDevError(
          'prerender_failed',
          `${route.file}: prerendering ${path} answered ${page.status} instead of 200; a prerendered page must render for a visitor who is not signed in`,
        );
      }
      let file = fileFor(path, rendered.length);
      if (files.has(file)) file = `${file.slice(0, -5)}-${rendered.length}.html`;
      files.add(file);
      // The request's own headers are not the page's.
      const kept = headers.filter(([name]) => name !== 'x-request-id' && name !== 'kit-page-cache');
      rendered.push({ entry: { path, file, ...page, headers: kept }, html });
    }
  }
  return rendered;
}
