import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy } from '../testing/fixture.js';
import { fixtureHttpChecks } from '../testing/http-checks.js';
import { createDevServer, type DevServer } from './create-dev-server.js';

let copy: FixtureCopy;
let dev: DevServer;
let base = '';

beforeAll(async () => {
  copy = await copyFixture();
  dev = createDevServer({ root: copy.root, port: 0, conditions: ['kit-source'], log: false, watch: false });
  base = (await dev.listen()).url;
});

afterAll(async () => {
  await dev?.close();
  await copy?.remove();
});

describe('createDevServer serves the fixture app over HTTP', () => {
  fixtureHttpChecks(() => base);
});

describe('createDevServer bundles for development', () => {
  it('serves the development build of React once, as shared vendor modules, and the app uncached', async () => {
    const vendor = await fetch(`${base}/_kit/vendor/react-dom_client.js`);
    expect(vendor.status).toBe(200);
    expect(vendor.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(vendor.headers.get('cache-control')).toBe('no-store');
    const page = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
    const chunk = /href="(\/_kit\/client\/routes\/index\.page-[A-Z0-9]+\.js)"/.exec(page)?.[1];
    expect(chunk).toBeTruthy();
    const code = await (await fetch(`${base}${chunk}`)).text();
    // Imports of React point at the vendor modules, so every rebuild shares the one React of the page.
    expect(code).toMatch(/from "\/_kit\/vendor\/react(_jsx-dev-runtime)?\.js"/);
    expect(code).not.toContain('KIT-SERVER-ONLY-MARKER');
    const vendorCode = (
      await Promise.all(['react', 'react-dom_client'].map(async (name) => (await fetch(`${base}/_kit/vendor/${name}.js`)).text()))
    ).join('');
    const chunks = [...new Set([...vendorCode.matchAll(/from "\.\/(chunks\/[^"]+)"/g)].map((match) => match[1]))];
    const shared = (await Promise.all(chunks.map(async (path) => (await fetch(`${base}/_kit/vendor/${path}`)).text()))).join('');
    expect(vendorCode + shared).toContain('cannot be a child of');
  });

  it('answers unknown /_kit/ paths with a 404 problem', async () => {
    const response = await fetch(`${base}/_kit/client/missing.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});
