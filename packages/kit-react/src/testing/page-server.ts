import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createKitApp, type AnyAPIDefinition, type KitServer, type RouteKey } from '@kit/kit-core';
import type { ErrorModule, LayoutModule, LoadingModule, NotFoundModule, PageModule } from '../modules/types.js';
import { renderPage } from '../server/render-page.js';
import type { RenderPageOptions, RouteModuleRef } from '../server/options.js';

/** A route of a test app: the files that make its page, as the router would list them. */
export interface TestRoute {
  /** Null: no page here (the not-found view, 404). */
  readonly page: string | null;
  readonly layouts: readonly string[];
  readonly loading?: string;
  readonly error?: string;
  readonly notFound?: string;
}

export interface PageServerOptions {
  /** Routes by exact pathname; `*` is used for every other path. */
  readonly routes: Readonly<Record<string, TestRoute>>;
  /** Route modules by file. */
  readonly modules: Readonly<Record<string, unknown>>;
  /** The client chunk of each file (default `/_kit/<file>.js`). */
  readonly chunks?: Readonly<Record<string, string>>;
  /** A folder served at `/_kit/` (the client bundle). */
  readonly staticDir?: string;
  readonly clientEntry?: string;
  readonly styles?: readonly string[];
  readonly dev?: boolean;
  readonly timeoutMs?: number;
  readonly onError?: RenderPageOptions['onError'];
  readonly securityHeaders?: RenderPageOptions['securityHeaders'];
  /** API routes of the app, served before the pages (`harnessRoutes(harness)`, say). */
  readonly api?: Readonly<Record<RouteKey, AnyAPIDefinition>>;
}

/** A page server on 127.0.0.1 for tests. */
export interface PageServer {
  readonly url: string;
  /** Sends a server-sent event to every client connected to `/_kit/events`. */
  sendDevEvent(event: string, data: unknown): void;
  /** Ends every open connection from the server's side (event streams included), as a dropped network would. */
  dropConnections(): void;
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

/**
 * Serves pages with renderPage from a kit-core app (its `notFound` handler answers every path but the
 * `api` routes), the files of `staticDir` under `/_kit/`, and a dev event stream at `/_kit/events`.
 */
export async function startPageServer(options: PageServerOptions): Promise<PageServer> {
  const encoder = new TextEncoder();
  const eventClients = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const ref = <M>(file: string): RouteModuleRef<M> => {
    const module = options.modules[file];
    if (module === undefined) throw new Error(`The test app has no module for ${file}.`);
    return { file, module: module as M, url: options.chunks?.[file] ?? `/_kit/${file}.js` };
  };
  const app = createKitApp({
    routes: { ...options.api },
    notFound: async (request, ctx) => {
      const url = new URL(request.url);
      if (url.pathname === '/favicon.ico') return new Response(null, { status: 204 });
      // A page kit does not render (a proxy's page, say): client navigations to it load it as a document.
      if (url.pathname === '/plain')
        return new Response('<!DOCTYPE html><html lang="en"><head><title>Plain</title></head><body><h1>Plain page</h1></body></html>', {
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
        });
      if (url.pathname === '/_kit/events') {
        let own: ReadableStreamDefaultController<Uint8Array> | undefined;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            own = controller;
            eventClients.add(controller);
            controller.enqueue(encoder.encode(': connected\n\n'));
          },
          cancel() {
            if (own) eventClients.delete(own);
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' } });
      }
      if (url.pathname.startsWith('/_kit/') && options.staticDir !== undefined) {
        const name = url.pathname.slice('/_kit/'.length);
        if (name.includes('..')) return new Response('bad path', { status: 400 });
        try {
          const body = await readFile(join(options.staticDir, name));
          return new Response(body, {
            headers: { 'Content-Type': types[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream' },
          });
        } catch {
          return new Response('no such file', { status: 404 });
        }
      }
      const route = options.routes[url.pathname] ?? options.routes['*'];
      if (route === undefined) return new Response('no route', { status: 404 });
      return renderPage({
        request,
        ctx,
        params: {},
        layouts: route.layouts.map((file) => ref<LayoutModule>(file)),
        page: route.page === null ? null : ref<PageModule>(route.page),
        notFound: route.notFound ? ref<NotFoundModule>(route.notFound) : null,
        loading: route.loading ? ref<LoadingModule>(route.loading) : null,
        error: route.error ? ref<ErrorModule>(route.error) : null,
        assets: { clientEntry: options.clientEntry ?? '/_kit/entry.js', styles: options.styles ?? [] },
        registry: app.registry,
        ...(options.dev === undefined ? {} : { dev: options.dev, devEventsUrl: '/_kit/events' }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.onError === undefined ? {} : { onError: options.onError }),
        ...(options.securityHeaders === undefined ? {} : { securityHeaders: options.securityHeaders }),
      });
    },
  });
  const server: KitServer = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${server.port}`,
    sendDevEvent(event, data) {
      const chunk = encoder.encode(`event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      for (const client of eventClients) client.enqueue(chunk);
    },
    dropConnections() {
      server.server.closeAllConnections();
    },
    async close() {
      for (const client of eventClients) client.close();
      eventClients.clear();
      await server.close();
    },
  };
}
