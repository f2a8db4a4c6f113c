import type { RouteManifest } from '@kit/kit-router';

/** The files of a manifest, relative to its root, by what they are bundled for. */
export interface RouteFiles {
  /** Every file the server imports: routes, layouts, middleware, loading, error and not-found files. */
  readonly server: readonly string[];
  /** Every file with a browser chunk: pages, layouts, loading, error and not-found files. */
  readonly client: readonly string[];
}

/** The files a manifest names, each once, sorted (layouts before the rest, so global CSS comes first). */
export function routeFiles(manifest: RouteManifest): RouteFiles {
  const server = new Set<string>();
  const client = new Set<string>();
  const layouts = new Set<string>();
  for (const route of manifest.routes) {
    server.add(route.file);
    if (route.kind === 'page') client.add(route.file);
    for (const file of route.layouts) layouts.add(file);
    for (const file of route.middleware) server.add(file);
    for (const file of [route.loading, route.error]) if (file !== null) client.add(file);
  }
  for (const boundary of manifest.notFound) {
    client.add(boundary.file);
    for (const file of boundary.layouts) layouts.add(file);
    for (const file of boundary.middleware) server.add(file);
  }
  const byDepth = (a: string, b: string) => a.split('/').length - b.split('/').length || a.localeCompare(b);
  const orderedLayouts = [...layouts].sort(byDepth);
  const others = [...client].filter((file) => !layouts.has(file)).sort(byDepth);
  const clientFiles = [...orderedLayouts, ...others];
  return { client: clientFiles, server: [...new Set([...clientFiles, ...[...server].sort(byDepth)])] };
}
