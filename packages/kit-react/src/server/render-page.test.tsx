import { request as httpRequest } from 'node:http';
import { Suspense, use } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KitError } from '@kit/kit-core';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { KitReactError } from '../errors/kit-react-error.js';
import { Outlet } from '../components/outlet.js';
import { ServerOnly } from '../components/server-only.js';
import { useLoaderData } from '../components/use-loader-data.js';
import type { ErrorPageProps, LoaderArgs, MetaArgs } from '../modules/types.js';
import { useRouter } from '../router/use-router.js';
import type { BootstrapState, NavigationPayload } from '../state/state.js';
import { startPageServer, type PageServer, type TestRoute } from '../testing/page-server.js';
import type { RenderErrorInfo } from './options.js';
import { renderPage } from './render-page.js';

interface Timed {
  readonly text: string;
  readonly at: number;
}

/** GET over node:http, keeping each body chunk with the time it arrived. */
function getChunks(url: string, options: { headers?: Record<string, string>; onChunk?: (text: string) => void; method?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; chunks: Timed[]; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
        const chunks: Timed[] = [];
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          chunks.push({ text, at: performance.now() });
          options.onChunk?.(text);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, body: chunks.map((chunk) => chunk.text).join('') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** The nonce the page's Content-Security-Policy allows inline scripts with. */
function nonceOf(headers: Record<string, string | string[] | undefined>): string {
  const nonce = /'nonce-([\w-]+)'/.exec(String(headers['content-security-policy']))?.[1];
  if (nonce === undefined) throw new Error(`no nonce in ${String(headers['content-security-policy'])}`);
  return nonce;
}

function stateOf(html: string): BootstrapState {
  const match = /<script type="application\/json" id="kit-state" nonce="[\w-]+">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error(`no kit-state in ${html}`);
  return JSON.parse(match[1]!) as BootstrapState;
}

function Shell() {
  const { site } = useLoaderData<{ site: string }>();
  return (
    <div id="shell">
      <header>{site}</header>
      <Outlet />
    </div>
  );
}

function Section() {
  const { section } = useLoaderData<{ section: string }>();
  return (
    <section id="section" data-section={section}>
      <Outlet />
    </section>
  );
}

function DataPage() {
  const data = useLoaderData<{ text: string }>();
  return <p id="page">{data.text}</p>;
}

function ErrorView({ error }: ErrorPageProps) {
  return <p id="error-view">{`${error.status} ${error.code}: ${error.message}`}</p>;
}

let release: () => void = () => undefined;
let gate = Promise.resolve();
const never = new Promise<never>(() => undefined);

const modules: Record<string, unknown> = {
  '_layout.tsx': { default: Shell, loader: async () => ({ site: 'Site header' }) },
  'docs/_layout.tsx': {
    default: Section,
    loader: async ({ request }: LoaderArgs) => ({ section: new URL(request.url).searchParams.get('section') ?? 'docs' }),
  },
  'docs/broken/_layout.tsx': {
    default: Section,
    loader: async () => {
      throw new KitError('forbidden', 'Members only.');
    },
  },
  'docs/index.page.tsx': {
    default: DataPage,
    loader: async ({ searchParams }: LoaderArgs) => ({ text: `Page data ${searchParams.get('q') ?? ''}` }),
  },
  'slow.page.tsx': {
    default: DataPage,
    loader: async () => {
      await gate;
      return { text: 'Slow data arrived' };
    },
  },
  'late-fail.page.tsx': {
    default: DataPage,
    loader: async () => {
      await gate;
      throw new Error('database password is hunter2');
    },
  },
  'missing.page.tsx': {
    default: DataPage,
    loader: async () => {
      throw new KitError('not_found', 'No ticket 42.');
    },
  },
  'failing.page.tsx': {
    default: DataPage,
    loader: async () => {
      throw new Error('database password is hunter2');
    },
  },
  'auth.page.tsx': {
    default: DataPage,
    loader: async () => {
      throw new KitError('unauthorized', 'Sign in first.', { headers: { 'WWW-Authenticate': 'Bearer' } });
    },
  },
  'hang.page.tsx': { default: DataPage, loader: () => never },
  'suspends-forever.page.tsx': { default: () => <p>{use(never)}</p> },
  'date.page.tsx': { default: DataPage, loader: async () => ({ text: 'x', when: new Date(0) }) },
  'script.page.tsx': { default: DataPage, loader: async () => ({ text: '</script><script>alert(1)</script><!--' }) },
  'throws.page.tsx': {
    default: () => {
      throw new Error('render exploded');
    },
  },
  'outlet.page.tsx': { default: () => <Outlet /> },
  'router.page.tsx': {
    default: () => {
      const router = useRouter();
      return <p id="page">{`${router.pathname} ${router.searchParams.get('q')} ${JSON.stringify(router.params)}`}</p>;
    },
  },
  'server-only.page.tsx': {
    default: () => {
      const { text } = useLoaderData<{ text: string }>();
      return (
        <>
          <ServerOnly>
            <p>{text}</p>
            <ServerOnly>
              <i>nested</i>
            </ServerOnly>
          </ServerOnly>
          <button type="button">interactive</button>
          <ServerOnly>
            <div dangerouslySetInnerHTML={{ __html: '<div><span>unbalanced</div></kit-so-x>' }} />
          </ServerOnly>
        </>
      );
    },
    loader: async () => ({ text: 'Block from data' }),
  },
  'suspense.page.tsx': {
    default: () => (
      <>
        <p id="before">before</p>
        <Suspense fallback={<p id="inner-fallback">inner loading</p>}>
          <Inner />
        </Suspense>
      </>
    ),
  },
  'static.page.tsx': {
    default: () => <p id="static">{useLoaderData<{ text: string }>().text}</p>,
    loader: async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { text: 'Plain HTML' };
    },
    hydrate: 'none',
  },
  'idle.page.tsx': { default: () => <p id="idle">Later</p>, hydrate: 'idle' },
  'meta/_layout.tsx': {
    default: () => <Outlet />,
    meta: { title: 'Help desk', description: 'Tickets & <agents>', openGraph: { type: 'website' } },
  },
  'meta/page.page.tsx': {
    default: () => <p id="meta-page">{useLoaderData<{ title: string }>().title}</p>,
    loader: async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { title: 'Printer "on fire"' };
    },
    meta: ({ data, pathname }: MetaArgs<{ title: string }>) => ({
      title: `${data.title} · Help desk`,
      canonical: `https://desk.example${pathname}`,
    }),
  },
  'meta/broken.page.tsx': {
    default: () => <p id="meta-broken">still here</p>,
    meta: () => {
      throw new Error('the meta function failed');
    },
  },
  'bad-hydrate.page.tsx': { default: () => null, hydrate: 'eager' },
  '_loading.tsx': { default: () => <p id="loading">Loading…</p> },
  'loading-reads-data/_loading.tsx': {
    default: () => {
      useLoaderData();
      return null;
    },
  },
  '_error.tsx': { default: ErrorView },
  'not-found.tsx': { default: () => <p id="not-found">Custom not found</p> },
};

let innerRelease: (value: string) => void = () => undefined;
let inner = new Promise<string>((resolve) => (innerRelease = resolve));
function Inner() {
  return <p id="inner">{use(inner)}</p>;
}

const root = ['_layout.tsx'];
const routes: Record<string, TestRoute> = {
  '/docs': { page: 'docs/index.page.tsx', layouts: ['_layout.tsx', 'docs/_layout.tsx'] },
  '/docs/broken': {
    page: 'docs/index.page.tsx',
    layouts: ['_layout.tsx', 'docs/_layout.tsx', 'docs/broken/_layout.tsx'],
    error: '_error.tsx',
  },
  '/rootbroken': { page: 'docs/index.page.tsx', layouts: ['docs/broken/_layout.tsx'], error: 'docs/broken/_error.tsx' },
  '/slow': { page: 'slow.page.tsx', layouts: root, loading: '_loading.tsx' },
  '/late-fail': { page: 'late-fail.page.tsx', layouts: root, loading: '_loading.tsx', error: '_error.tsx' },
  '/missing': { page: 'missing.page.tsx', layouts: root, notFound: 'not-found.tsx' },
  '/failing': { page: 'failing.page.tsx', layouts: root, error: '_error.tsx' },
  '/failing-builtin': { page: 'failing.page.tsx', layouts: root },
  '/auth': { page: 'auth.page.tsx', layouts: root, error: '_error.tsx' },
  '/hang': { page: 'hang.page.tsx', layouts: root, error: '_error.tsx' },
  '/hang-streamed': { page: 'hang.page.tsx', layouts: root, loading: '_loading.tsx', error: '_error.tsx' },
  '/suspends-forever': { page: 'suspends-forever.page.tsx', layouts: root },
  '/date': { page: 'date.page.tsx', layouts: root, error: '_error.tsx' },
  '/script': { page: 'script.page.tsx', layouts: root },
  '/throws': { page: 'throws.page.tsx', layouts: root, error: '_error.tsx' },
  '/outlet': { page: 'outlet.page.tsx', layouts: root },
  '/router': { page: 'router.page.tsx', layouts: root },
  '/server-only': { page: 'server-only.page.tsx', layouts: root },
  '/suspense': { page: 'suspense.page.tsx', layouts: root },
  '/static': { page: 'static.page.tsx', layouts: root, loading: '_loading.tsx' },
  '/idle': { page: 'idle.page.tsx', layouts: root },
  '/meta': { page: 'meta/page.page.tsx', layouts: [...root, 'meta/_layout.tsx'], loading: '_loading.tsx' },
  '/meta-broken': { page: 'meta/broken.page.tsx', layouts: [...root, 'meta/_layout.tsx'] },
  '/bad-hydrate': { page: 'bad-hydrate.page.tsx', layouts: root },
  '/loading-reads-data': { page: 'slow.page.tsx', layouts: root, loading: 'loading-reads-data/_loading.tsx' },
  '*': { page: null, layouts: root, notFound: 'not-found.tsx' },
};
modules['docs/broken/_error.tsx'] = { default: ErrorView };

describe('renderPage over HTTP', () => {
  let server: PageServer;
  let devServer: PageServer;
  const reported: { error: unknown; info: RenderErrorInfo }[] = [];

  beforeAll(async () => {
    const onError = (error: unknown, info: RenderErrorInfo) => reported.push({ error, info });
    server = await startPageServer({ routes, modules, onError, styles: ['/_kit/app.css'], timeoutMs: 300 });
    devServer = await startPageServer({ routes, modules, onError, dev: true, timeoutMs: 300 });
  });
  afterAll(async () => {
    await server?.close();
    await devServer?.close();
  });

  it('streams the shell with the loading view before the slow loader settles, then the page', async () => {
    gate = new Promise((resolve) => (release = resolve));
    let shellAt = 0;
    let releasedAt = 0;
    const response = await getChunks(`${server.url}/slow`, {
      onChunk: (text) => {
        if (shellAt === 0 && text.includes('id="loading"')) {
          shellAt = performance.now();
          // The page cannot have been sent yet: its loader is still waiting for this gate.
          setTimeout(() => {
            releasedAt = performance.now();
            release();
          }, 150);
        }
      },
    });
    expect(response.status).toBe(200);
    const shellIndex = response.chunks.findIndex((chunk) => chunk.text.includes('id="loading"'));
    const pageIndex = response.chunks.findIndex((chunk) => chunk.text.includes('Slow data arrived'));
    expect(shellIndex).toBeGreaterThanOrEqual(0);
    expect(pageIndex).toBeGreaterThan(shellIndex);
    expect(
      response.chunks
        .slice(0, shellIndex + 1)
        .map((chunk) => chunk.text)
        .join(''),
    ).toContain('Site header');
    expect(response.chunks.slice(0, pageIndex).some((chunk) => chunk.text.includes('Slow data arrived'))).toBe(false);
    expect(response.chunks[pageIndex]!.at).toBeGreaterThanOrEqual(releasedAt);
    expect(releasedAt - shellAt).toBeGreaterThanOrEqual(140);
    // The bootstrap state and the module script come last, before </body></html>.
    expect(response.body).toMatch(/<script type="module" nonce="[\w-]{36}" src="\/_kit\/entry\.js"><\/script><\/body><\/html>$/);
    expect(stateOf(response.body).levels.map((level) => [level.file, level.kind, level.data])).toEqual([
      ['_layout.tsx', 'layout', { site: 'Site header' }],
      ['slow.page.tsx', 'page', { text: 'Slow data arrived' }],
    ]);
  });

  it('nests layouts, each reading its own loader data, with stylesheets, preloads and the bootstrap state', async () => {
    const response = await getChunks(`${server.url}/docs?q=x&section=guide`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toBe('Kit-Navigation');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const html = response.body;
    expect(html.startsWith('<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(html).toMatch(
      /<div id="shell"><header>Site header<\/header>(<!--\$-->)?<section id="section" data-section="guide">(<!--\$-->)?<p id="page">Page data x<\/p>/,
    );
    expect(html).toContain('<link rel="stylesheet" href="/_kit/app.css"/>');
    for (const chunk of ['/_kit/entry.js', '/_kit/_layout.tsx.js', '/_kit/docs/_layout.tsx.js', '/_kit/docs/index.page.tsx.js'])
      expect(html).toContain(`<link rel="modulepreload" href="${chunk}" nonce="${nonceOf(response.headers)}"/>`);
    const state = stateOf(html);
    expect(state).toMatchObject({
      kit: 1,
      status: 200,
      pathname: '/docs',
      search: '?q=x&section=guide',
      params: {},
      dev: false,
      devEventsUrl: null,
      clientEntry: '/_kit/entry.js',
      styles: ['/_kit/app.css'],
    });
    expect(state.levels).toEqual([
      { file: '_layout.tsx', url: '/_kit/_layout.tsx.js', data: { site: 'Site header' }, kind: 'layout' },
      { file: 'docs/_layout.tsx', url: '/_kit/docs/_layout.tsx.js', data: { section: 'guide' }, kind: 'layout' },
      { file: 'docs/index.page.tsx', url: '/_kit/docs/index.page.tsx.js', data: { text: 'Page data x' }, kind: 'page' },
    ]);
  });

  it("sends a page exported with hydrate = 'none' as plain HTML: no script, no preload, no loader data", async () => {
    const response = await getChunks(`${server.url}/static`);
    expect(response.status).toBe(200);
    const html = response.body;
    // Its loading view is not streamed: revealing the page after it would take a script.
    expect(html).toMatch(/<header>Site header<\/header>.*<p id="static">Plain HTML<\/p>/s);
    expect(html).not.toContain('id="loading"');
    expect(html).not.toMatch(/<script|modulepreload|kit-state/);
    expect(html).toContain('<link rel="stylesheet" href="/_kit/app.css"/>');
    // A client navigation to it loads it as a document.
    const payload = await fetch(`${server.url}/static`, { headers: { 'Kit-Navigation': '1' } });
    expect(await payload.json()).toEqual({ kit: 1, reload: true });
    // In dev it reloads itself when a file changes, and that is its only script.
    const dev = (await getChunks(`${devServer.url}/static`)).body;
    expect([...dev.matchAll(/<script[^>]*>(.*?)<\/script>/gs)].map((match) => match[1])).toEqual([
      expect.stringContaining("addEventListener('update', () => location.reload())"),
    ]);
  });

  it('writes the merged head metadata of the layouts and the page into the head and the navigation payload', async () => {
    const html = (await getChunks(`${server.url}/meta`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    // The page's meta reads its data, so the page is awaited before the shell: no loading view.
    expect(html).not.toContain('id="loading"');
    expect(head).toContain('<title data-kit-meta="">Printer "on fire" · Help desk</title>');
    expect(head).toContain('<meta name="description" content="Tickets &amp; &lt;agents&gt;" data-kit-meta=""/>');
    expect(head).toContain('<link rel="canonical" href="https://desk.example/meta" data-kit-meta=""/>');
    expect(head).toContain('<meta property="og:title" content="Printer &quot;on fire&quot; · Help desk" data-kit-meta=""/>');
    expect(head).toContain('<meta property="og:type" content="website" data-kit-meta=""/>');
    const payload = (await (await fetch(`${server.url}/meta`, { headers: { 'Kit-Navigation': '1' } })).json()) as NavigationPayload;
    expect(payload.meta).toEqual({
      title: 'Printer "on fire" · Help desk',
      description: 'Tickets & <agents>',
      canonical: 'https://desk.example/meta',
      openGraph: { type: 'website' },
    });
  });

  it('reports a meta function that throws and renders the page with the other levels’ metadata', async () => {
    reported.length = 0;
    const response = await getChunks(`${server.url}/meta-broken`);
    expect(response.status).toBe(200);
    expect(response.body).toContain('<title data-kit-meta="">Help desk</title>');
    expect(response.body).toContain('still here');
    expect(reported.map(({ error, info }) => [(error as Error).message, info.file])).toEqual([
      ['the meta function failed', 'meta/broken.page.tsx'],
    ]);
  });

  it("marks a page exported with hydrate = 'idle' in its state, and refuses an unknown value naming the file", async () => {
    expect(stateOf((await getChunks(`${server.url}/idle`)).body).hydrate).toBe('idle');
    expect(stateOf((await getChunks(`${server.url}/docs`)).body).hydrate).toBeUndefined();
    const error = await rejectionOf(
      renderPage({
        request: new Request('http://localhost/bad'),
        ctx: {} as never,
        params: {},
        layouts: [],
        page: { file: 'bad.page.tsx', url: '/_kit/bad.js', module: { default: () => null, hydrate: 'eager' as never } },
        notFound: null,
        loading: null,
        error: null,
        assets: { clientEntry: '/_kit/entry.js', styles: [] },
      }),
      KitReactError,
    );
    expect(error.message).toContain(`bad.page.tsx exports hydrate = "eager"; export 'load', 'idle' or 'none', or nothing for 'load'`);
  });

  it('answers 404 with the not-found view for no page and for a not_found loader', async () => {
    const unknown = await getChunks(`${server.url}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('<p id="not-found">Custom not found</p>');
    expect(unknown.body).toContain('Site header');
    const missing = await getChunks(`${server.url}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<p id="not-found">Custom not found</p>');
    expect(stateOf(missing.body).levels.at(-1)).toEqual({
      file: 'not-found.tsx',
      url: '/_kit/not-found.tsx.js',
      data: null,
      kind: 'not-found',
    });
  });

  it('renders _error.tsx with the status, hiding the message of other errors outside dev', async () => {
    reported.length = 0;
    const failing = await getChunks(`${server.url}/failing`);
    expect(failing.status).toBe(500);
    expect(failing.body).toContain('<p id="error-view">500 internal: Something went wrong while loading this page.</p>');
    expect(failing.body).not.toContain('hunter2');
    expect(reported.map(({ info }) => info)).toEqual([{ phase: 'loader', file: 'failing.page.tsx' }]);
    const dev = await getChunks(`${devServer.url}/failing`);
    expect(dev.body).toContain('500 internal: database password is hunter2');
    const builtin = await getChunks(`${server.url}/failing-builtin`);
    expect(builtin.status).toBe(500);
    expect(builtin.body).toContain('<h1>Error 500</h1><p>Something went wrong while loading this page.</p>');
    expect(stateOf(builtin.body).levels.at(-1)).toEqual({
      file: 'kit:error',
      url: '',
      data: null,
      kind: 'error',
      error: { status: 500, code: 'internal', message: 'Something went wrong while loading this page.' },
    });
  });

  it("passes a KitError's status, message and headers", async () => {
    reported.length = 0;
    const response = await getChunks(`${server.url}/auth`);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.body).toContain('401 unauthorized: Sign in first.');
    expect(reported).toEqual([]);
  });

  it('shows a failing layout loader with the nearest _error.tsx above it, or the built-in view', async () => {
    const nested = await getChunks(`${server.url}/docs/broken`);
    expect(nested.status).toBe(403);
    expect(nested.body).toMatch(
      /<section id="section" data-section="docs">(<!--\$-->)?<p id="error-view">403 forbidden: Members only.<\/p>/,
    );
    expect(stateOf(nested.body).levels.map((level) => level.kind)).toEqual(['layout', 'layout', 'error']);
    // docs/broken/_error.tsx sits beside the failing layout, not above it: the built-in view stands in.
    const root = await getChunks(`${server.url}/rootbroken`);
    expect(root.status).toBe(403);
    expect(root.body).toContain('<h1>Error 403</h1><p>Members only.</p>');
    expect(root.body).not.toContain('error-view');
  });

  it('streams a loader failure after the shell inside the 200', async () => {
    gate = new Promise((resolve) => (release = resolve));
    const response = await getChunks(`${server.url}/late-fail`, { onChunk: (text) => text.includes('id="loading"') && release() });
    expect(response.status).toBe(200);
    expect(response.body).toContain('<p id="error-view">500 internal: Something went wrong while loading this page.</p>');
    expect(stateOf(response.body)).toMatchObject({
      status: 200,
      levels: [{ kind: 'layout' }, { kind: 'error', file: '_error.tsx', error: { status: 500, code: 'internal' } }],
    });
  });

  it('cuts a loader that never settles at timeoutMs: 504 before the shell, the error view after it', async () => {
    const started = performance.now();
    const blocked = await getChunks(`${server.url}/hang`);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(blocked.status).toBe(504);
    expect(blocked.body).toContain('504 loader_timeout: The page took too long to load.');
    const streamed = await getChunks(`${devServer.url}/hang-streamed`);
    expect(streamed.status).toBe(200);
    expect(streamed.body).toContain('id="loading"');
    expect(streamed.body).toContain(
      '504 loader_timeout: The loader of hang.page.tsx did not settle within 300 ms and was aborted: make it faster, or raise timeoutMs.',
    );
  });

  it('ends a response whose component suspends forever a second after timeoutMs', async () => {
    const started = performance.now();
    const response = await getChunks(`${server.url}/suspends-forever`);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1250);
    expect(elapsed).toBeLessThan(3000);
    expect(response.status).toBe(200);
    expect(response.body.endsWith('</body></html>')).toBe(true);
  });

  it('refuses loader data that is not JSON, naming the file and the value', async () => {
    const response = await getChunks(`${devServer.url}/date`);
    expect(response.status).toBe(500);
    expect(response.body).toContain(
      '500 loader_data_not_json: The loader of date.page.tsx returned data that is not JSON: data.when is a Date (convert it with toISOString()). Return strings, finite numbers, booleans, null, arrays and plain objects only.',
    );
  });

  it('escapes </script> and <!-- in the bootstrap state', async () => {
    const response = await getChunks(`${server.url}/script`);
    const raw = /id="kit-state" nonce="[\w-]+">(.*?)<\/script>/s.exec(response.body)![1]!;
    expect(raw).not.toContain('<');
    expect(raw).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u003c!--');
    expect(stateOf(response.body).levels.at(-1)!.data).toEqual({ text: '</script><script>alert(1)</script><!--' });
    expect(response.body.match(/<script/g)?.length).toBe(2);
  });

  it('shows the error view of a level whose component throws, with status 500, and reports it', async () => {
    reported.length = 0;
    const response = await getChunks(`${server.url}/throws`);
    expect(response.status).toBe(500);
    expect(response.body).toContain('Site header');
    expect(response.body).toContain('<p id="error-view">500 internal: Something went wrong while showing this page.</p>');
    expect(reported.map(({ info }) => info.phase)).toContain('render');
    expect((reported.find(({ info }) => info.phase === 'render')!.error as Error).message).toBe('render exploded');
  });

  it('names the misuse of Outlet in a page and of useLoaderData in a loading view', async () => {
    const outlet = await getChunks(`${devServer.url}/outlet`);
    expect(outlet.status).toBe(500);
    expect(outlet.body).toContain(
      '&lt;Outlet /&gt; was rendered by outlet.page.tsx, which is a page: only a _layout.tsx renders &lt;Outlet /&gt;; remove it from this file.',
    );
    gate = new Promise((resolve) => (release = resolve));
    const loading = getChunks(`${devServer.url}/loading-reads-data`, { onChunk: () => release() });
    const { body } = await loading;
    expect(body).toContain('useLoaderData() was called in loading-reads-data/_loading.tsx, a loading view, which has no loader data');
  });

  it('gives components a server router describing the request', async () => {
    const response = await getChunks(`${server.url}/router?q=find`);
    expect(response.body).toContain('<p id="page">/router find {}</p>');
  });

  it('streams independent Suspense boundaries of a page as they resolve', async () => {
    inner = new Promise<string>((resolve) => (innerRelease = resolve));
    const response = await getChunks(`${server.url}/suspense`, {
      onChunk: (text) => text.includes('inner-fallback') && setTimeout(() => innerRelease('inner content'), 50),
    });
    expect(response.status).toBe(200);
    const fallbackAt = response.chunks.findIndex((chunk) => chunk.text.includes('inner-fallback'));
    const contentAt = response.chunks.findIndex((chunk) => chunk.text.includes('inner content'));
    expect(response.chunks[fallbackAt]!.text).toContain('<p id="before">before</p>');
    expect(contentAt).toBeGreaterThan(fallbackAt);
  });

  it('answers Kit-Navigation: 1 with the payload: levels, status, ServerOnly blocks per level', async () => {
    const response = await getChunks(`${server.url}/server-only`, { headers: { 'Kit-Navigation': '1' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.vary).toBe('Kit-Navigation');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const payload = JSON.parse(response.body) as NavigationPayload;
    expect(payload).toEqual({
      kit: 1,
      status: 200,
      pathname: '/server-only',
      search: '',
      params: {},
      levels: [
        { file: '_layout.tsx', url: '/_kit/_layout.tsx.js', data: { site: 'Site header' }, kind: 'layout' },
        { file: 'server-only.page.tsx', url: '/_kit/server-only.page.tsx.js', data: { text: 'Block from data' }, kind: 'page' },
      ],
      loading: null,
      error: null,
      clientEntry: '/_kit/entry.js',
      styles: ['/_kit/app.css'],
      serverOnly: [[], ['<p>Block from data</p><i>nested</i>', '<div><div><span>unbalanced</div></kit-so-x></div>']],
      meta: {},
    });
  });

  it('sends the status and not-found level in the payload too', async () => {
    const response = await getChunks(`${server.url}/missing`, { headers: { 'Kit-Navigation': '1' } });
    expect(response.status).toBe(404);
    const payload = JSON.parse(response.body) as NavigationPayload;
    expect(payload.status).toBe(404);
    expect(payload.levels.at(-1)).toEqual({ file: 'not-found.tsx', url: '/_kit/not-found.tsx.js', data: null, kind: 'not-found' });
  });

  it('wraps ServerOnly in a display: contents element in the HTML', async () => {
    const response = await getChunks(`${server.url}/server-only`);
    expect(response.body).toMatch(
      /<div data-kit-server-only="[^"]+" style="display:contents"><p>Block from data<\/p><i>nested<\/i><\/div><button type="button">interactive<\/button>/,
    );
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await getChunks(`${server.url}/docs`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.body).toBe('');
  });
});

describe('renderPage options', () => {
  it('rejects malformed options, naming each problem', async () => {
    const ctx = { requestId: 'r', authType: 'anonymous' as const, request: new Request('http://127.0.0.1/') };
    const error = await rejectionOf(
      renderPage({
        request: new Request('http://127.0.0.1/'),
        ctx,
        params: {},
        layouts: [{ file: '_layout.tsx', url: '/l.js', module: {} as never }],
        page: null,
        notFound: null,
        loading: null,
        error: null,
        assets: { clientEntry: '/e.js', styles: [] },
        timeoutMs: -1,
      }),
      KitReactError,
    );
    expect(error).toMatchObject({
      name: 'KitReactError',
      code: 'invalid_render_options',
      message:
        'renderPage(): _layout.tsx has no default export component; export default function ...; timeoutMs is -1; pass a positive number of milliseconds.',
    });
  });
});

describe('renderPage keepDataOnServer', () => {
  function Article() {
    return (
      <ServerOnly>
        <ArticleBody />
      </ServerOnly>
    );
  }
  function ArticleBody() {
    const { html } = useLoaderData<{ html: string }>();
    return <article dangerouslySetInnerHTML={{ __html: html }} />;
  }
  const render = (keep: boolean, navigation = false) => {
    const request = new Request('http://127.0.0.1/guide', navigation ? { headers: { 'Kit-Navigation': '1' } } : {});
    return renderPage({
      request,
      ctx: { requestId: 'r', authType: 'anonymous', request },
      params: {},
      layouts: [],
      page: {
        file: 'guide.page.tsx',
        url: '/_kit/guide.js',
        module: { default: Article, loader: async () => ({ html: '<h2>Setting up</h2><p>A long guide.</p>' }), keepDataOnServer: keep },
      },
      notFound: null,
      loading: null,
      error: null,
      assets: { clientEntry: '/e.js', styles: [] },
    });
  };

  it('sends the data a level reads inside ServerOnly once, as HTML, and not in the state or the payload', async () => {
    const kept = await (await render(true)).text();
    expect(kept.match(/Setting up/g)).toHaveLength(1);
    expect(stateOf(kept).levels[0]).toMatchObject({ file: 'guide.page.tsx', data: null, dataKept: true });
    const payload = (await (await render(true, true)).json()) as NavigationPayload;
    expect(payload.levels[0]).toMatchObject({ data: null, dataKept: true });
    expect(payload.serverOnly[0]?.[0]).toContain('Setting up');
    // Without it, the same text travels twice: in the HTML and in the state.
    expect((await (await render(false)).text()).match(/Setting up/g)).toHaveLength(2);
  });
});

describe('renderPage signInPage', () => {
  const needsPerson = {
    file: 'tickets.page.tsx',
    url: '/_kit/tickets.js',
    module: {
      default: () => <p>tickets</p>,
      loader: async ({ ctx }: LoaderArgs) => {
        if (ctx.auth === undefined) throw new KitError('unauthorized', 'Sign in first.');
        return { ok: true };
      },
    },
  };
  const render = (url: string, extra: { signInPage?: string; signedIn?: boolean; navigation?: boolean } = {}) => {
    const request = new Request(url, extra.navigation ? { headers: { 'Kit-Navigation': '1' } } : {});
    const ctx = {
      requestId: 'r',
      authType: extra.signedIn ? ('agent' as const) : ('anonymous' as const),
      request,
      ...(extra.signedIn ? { auth: { subject: 'agent:bot', method: 'api_key' as const, permissions: [] } } : {}),
    };
    return renderPage({
      request,
      ctx,
      params: {},
      layouts: [],
      page: needsPerson,
      notFound: null,
      loading: null,
      error: null,
      assets: { clientEntry: '/e.js', styles: [] },
      ...(extra.signInPage === undefined ? {} : { signInPage: extra.signInPage }),
    });
  };

  it('sends a signed-out person to the sign-in page, saying where they were', async () => {
    const response = await render('http://127.0.0.1/tickets?status=open', { signInPage: '/login' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?next=%2Ftickets%3Fstatus%3Dopen');
    expect(response.headers.get('vary')).toBe('Kit-Navigation');
    const navigation = await render('http://127.0.0.1/tickets', { signInPage: '/login', navigation: true });
    expect(navigation.status).toBe(303);
  });

  it('shows the 401 to a caller who is signed in, without signInPage, and on the sign-in page itself', async () => {
    expect((await render('http://127.0.0.1/tickets', { signInPage: '/login', signedIn: true })).status).toBe(200);
    expect((await render('http://127.0.0.1/tickets')).status).toBe(401);
    expect((await render('http://127.0.0.1/login', { signInPage: '/login' })).status).toBe(401);
  });

  it('keeps the redirect on this origin whatever the path says', async () => {
    const response = await render('http://127.0.0.1/tickets', { signInPage: '//evil.example/login' });
    expect(response.headers.get('location')).toBe('/login?next=%2Ftickets');
  });
});
