/**
 * Regression tests: kit-react pages carry a strict set of security headers that an
 * app can change, with a per-response nonce on every inline script (React's streamed Suspense scripts,
 * the bootstrap state, the client entry), over real HTTP. The same pages in Chromium, framed by another
 * origin, are in kit-dev's browser tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw, type RawResponse } from '../../../../test-support/http.js';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { Outlet } from '../components/outlet.js';
import { useLoaderData } from '../components/use-loader-data.js';
import { KitReactError } from '../errors/kit-react-error.js';
import { startPageServer, type PageServer, type TestRoute } from '../testing/page-server.js';
import { renderPage } from './render-page.js';

/** A GET over real HTTP, read whole. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return sendRaw(url, { headers });
}

function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

function Page() {
  const { text } = useLoaderData<{ text: string }>();
  return <p id="page">{text}</p>;
}

let release: () => void = () => undefined;
const modules: Record<string, unknown> = {
  '_layout.tsx': { default: Layout },
  'index.page.tsx': { default: Page, loader: async () => ({ text: 'Home' }) },
  // With a loading view, the page arrives after the shell: React streams an inline script to reveal it.
  'slow.page.tsx': {
    default: Page,
    loader: async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { text: 'Later' };
    },
  },
  '_loading.tsx': { default: () => <p id="loading">Loading</p> },
};
const routes: Record<string, TestRoute> = {
  '/': { page: 'index.page.tsx', layouts: ['_layout.tsx'] },
  '/slow': { page: 'slow.page.tsx', layouts: ['_layout.tsx'], loading: '_loading.tsx' },
};

const defaultPolicy =
  "default-src 'self'; script-src 'self' 'nonce-NONCE'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The nonce of a page's policy, and its policy with the nonce replaced by NONCE. */
function policyOf(headers: Record<string, string | string[] | undefined>): { nonce: string; policy: string } {
  const policy = String(headers['content-security-policy']);
  const nonce = /'nonce-([\w-]+)'/.exec(policy)?.[1] ?? '';
  return { nonce, policy: policy.replace(nonce, 'NONCE') };
}

let strict: PageServer;
let changed: PageServer;
let off: PageServer;
beforeAll(async () => {
  strict = await startPageServer({ routes, modules });
  changed = await startPageServer({
    routes,
    modules,
    securityHeaders: {
      contentSecurityPolicy: {
        'img-src': "'self' https://images.example.com",
        'frame-ancestors': "'self'",
        'upgrade-insecure-requests': '',
        'font-src': false,
      },
      frameOptions: 'SAMEORIGIN',
      referrerPolicy: 'no-referrer',
    },
  });
  off = await startPageServer({
    routes,
    modules,
    securityHeaders: { contentSecurityPolicy: false, frameOptions: false, referrerPolicy: false },
  });
});
afterAll(async () => {
  await strict?.close();
  await changed?.close();
  await off?.close();
});

describe('the security headers of pages', () => {
  it('are strict by default: a nonce-based policy, no framing, nosniff and a referrer policy', async () => {
    const page = await get(`${strict.url}/`);
    expect(page.status).toBe(200);
    const { nonce, policy } = policyOf(page.headers);
    expect(policy).toBe(defaultPolicy);
    expect(nonce).toMatch(/^[\w-]{36}$/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Each response has a nonce of its own.
    expect(policyOf((await get(`${strict.url}/`)).headers).nonce).not.toBe(nonce);
  });

  it('put the nonce on every script of the page, React’s streamed ones included, and on the module preloads', async () => {
    const pending = get(`${strict.url}/slow`);
    setTimeout(() => release(), 100);
    const page = await pending;
    expect(page.text).toContain('Later');
    const { nonce } = policyOf(page.headers);
    const scripts = page.text.match(/<script\b[^>]*>/g) ?? [];
    // The bootstrap state, the client entry and at least one script of React revealing the page.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) expect(script).toContain(` nonce="${nonce}"`);
    for (const preload of page.text.match(/<link rel="modulepreload"[^>]*>/g) ?? []) expect(preload).toContain(` nonce="${nonce}"`);
  });

  it('give the navigation payload nosniff and no page policy', async () => {
    const payload = await get(`${strict.url}/`, { 'Kit-Navigation': '1' });
    expect(payload.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(payload.headers['x-content-type-options']).toBe('nosniff');
    expect(payload.headers['content-security-policy']).toBeUndefined();
  });

  it('follow the app’s changes: directives replaced, added and removed, other framing and referrer policies', async () => {
    const page = await get(`${changed.url}/`);
    expect(policyOf(page.headers).policy).toBe(
      "default-src 'self'; script-src 'self' 'nonce-NONCE'; style-src 'self' 'unsafe-inline'; img-src 'self' https://images.example.com; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'; upgrade-insecure-requests",
    );
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('can be turned off, and then the page carries no nonce; nosniff stays', async () => {
    const page = await get(`${off.url}/`);
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['referrer-policy']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.text).not.toContain('nonce=');
  });

  it('refuse a malformed setting, naming it', async () => {
    const request = new Request('http://127.0.0.1/');
    const error = await rejectionOf(
      renderPage({
        request,
        ctx: { requestId: 'r', authType: 'anonymous', request },
        params: {},
        layouts: [],
        page: { file: 'index.page.tsx', url: '/i.js', module: { default: Page } },
        notFound: null,
        loading: null,
        error: null,
        assets: { clientEntry: '/e.js', styles: [] },
        securityHeaders: { contentSecurityPolicy: { 'script-src': "'self'; report-uri https://evil.example" } },
      }),
      KitReactError,
    );
    expect(error.message).toBe(
      `renderPage(): securityHeaders.contentSecurityPolicy['script-src'] must be text without ';', ',' or line breaks, got "'self'; report-uri https://evil.example".`,
    );
  });
});
