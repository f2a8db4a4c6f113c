import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createKitApp } from '@kit/kit-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlMaker } from '../api/urls.js';
import { loadContent, type Content } from '../content/index.js';
import { assembleCatalog, type Catalog } from '../library/catalog.js';
import { createDocsService, type DocsService } from '../service/create-docs-service.js';
import { ContentStore } from '../service/state.js';
import { registerWebRoutes } from './register-web-routes.js';

/**
 * Three small documentation folders: `alpha` (the default library, one version) and `zeta` at 2.0.0
 * and 1.4.0, whose pages link to each other and show an image, and whose 1.4.0 lacks one document.
 */
const folders: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  alpha: {
    'README.md': '# Alpha\n\nAlpha parses configuration files. Read [the setup](setup.md).\n',
    'setup.md': '# Setup\n\n## Install\n\nRun the alpha installer with the setup flag.\n',
  },
  'zeta-2': {
    'README.md': '# Zeta\n\nZeta routes requests. Start with [middleware](guide/middleware.md).\n\n![Zeta logo](img/logo.svg)\n',
    'guide/middleware.md':
      '# Middleware\n\n## Ordering\n\nZeta middleware runs in the order of registration. Back to [the start](../README.md), on to [streaming](streaming.md#backpressure).\n',
    'guide/streaming.md': '# Streaming\n\n## Backpressure\n\nZeta streams bodies and waits on backpressure.\n',
    'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  },
  'zeta-1': {
    'README.md': '# Zeta\n\nZeta 1 routes requests. Start with [middleware](guide/middleware.md).\n\n![Zeta logo](img/logo.svg)\n',
    'guide/middleware.md':
      '# Middleware\n\n## Ordering\n\nZeta 1 middleware runs in reverse registration order. Back to [the start](../README.md).\n',
    'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>',
  },
};

let directory: string;
const loaded: Record<string, Content> = {};
let single: DocsService;
let multi: DocsService;

function catalogOf(withZeta: boolean): Catalog {
  const alpha = { id: 'alpha', title: 'Alpha', versions: [{ version: '3.1.0', content: loaded.alpha!, source: 'alpha' }] };
  const zeta = {
    id: 'zeta',
    title: 'Zeta',
    summary: 'Zeta routes requests',
    aliases: ['zeta-router'],
    versions: [
      { version: '1.4.0', content: loaded['zeta-1']!, source: 'zeta-1' },
      { version: '2.0.0', content: loaded['zeta-2']!, source: 'zeta-2' },
    ],
  };
  return assembleCatalog(withZeta ? [alpha, zeta] : [alpha], 'alpha');
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'kit-docs-libraries-'));
  for (const [folder, files] of Object.entries(folders)) {
    for (const [path, text] of Object.entries(files)) {
      const file = join(directory, folder, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    loaded[folder] = await loadContent(join(directory, folder));
  }
  single = createDocsService(catalogOf(false));
  multi = createDocsService(catalogOf(true));
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

const get = (service: DocsService, path: string, headers: Record<string, string> = {}) =>
  service.app.fetch(new Request(`http://localhost${path}`, { headers }));
const text = async (service: DocsService, path: string, headers: Record<string, string> = {}) => (await get(service, path, headers)).text();

/** The page without its switcher, whose links lead to other versions on purpose. */
const withoutSwitcher = (page: string) => page.replace(/<nav class="switcher"[\s\S]*?<\/nav>\n/, '');

/** Every site-relative url a page links to, loads or submits to, outside the switcher. */
function linksOf(page: string): string[] {
  return [...withoutSwitcher(page).matchAll(/\s(?:href|src|action)="(\/[^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

/** Urls of the service as a whole, which every version's pages share. */
const serviceWide = (url: string) =>
  ['/api-reference', '/openapi.json', '/libraries', '/api/libraries'].includes(url) || url.startsWith('/assets/');

describe('a library version under /libraries/{id}/{version}/', () => {
  it('serves its home page with every link inside the version', async () => {
    const response = await get(multi, '/libraries/zeta/1.4.0/');
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<a class="brand" href="/libraries/zeta/1.4.0/">Zeta 1.4.0 <span>docs</span></a>');
    expect(page).toContain('<title>Zeta 1.4.0</title>');
    expect(page).toContain('action="/libraries/zeta/1.4.0/search"');
    expect(page).toContain('data-library="zeta" data-version="1.4.0"');
    const links = linksOf(page).filter((url) => !serviceWide(url));
    expect(links.length).toBeGreaterThan(5);
    for (const url of links) expect(url).toMatch(/^\/libraries\/zeta\/1\.4\.0\//);
  });

  it('renders a document with its Markdown links, neighbours, images and Markdown alternate in the version', async () => {
    const response = await get(multi, '/libraries/zeta/2.0.0/docs/guide/middleware');
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBe('</libraries/zeta/2.0.0/docs/guide/middleware.md>; rel="alternate"; type="text/markdown"');
    const page = await response.text();
    expect(page).toContain('href="/libraries/zeta/2.0.0/docs/guide/streaming#backpressure"');
    expect(page).toContain('href="/libraries/zeta/2.0.0/docs/index"');
    expect(page).toContain('<a href="/libraries/zeta/2.0.0/docs/guide/middleware" aria-current="page">');
    for (const url of linksOf(page).filter((url) => !serviceWide(url))) expect(url).toMatch(/^\/libraries\/zeta\/2\.0\.0\//);

    const home = await text(multi, '/libraries/zeta/2.0.0/docs/index');
    const image = /<img src="([^"]+)"/.exec(home)![1]!;
    expect(image).toMatch(/^\/libraries\/zeta\/2\.0\.0\/media\//);
    const svg = await get(multi, image);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('width="1"');
  });

  it('serves the Markdown view, by .md and by Accept, with links under the version', async () => {
    const markdown = await get(multi, '/libraries/zeta/2.0.0/docs/guide/middleware.md');
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const body = await markdown.text();
    expect(body).toContain('](/libraries/zeta/2.0.0/docs/guide/streaming#backpressure)');
    expect(body).not.toMatch(/\]\(\/docs\//);
    expect(await text(multi, '/libraries/zeta/2.0.0/docs/guide/middleware', { Accept: 'text/markdown' })).toBe(body);
    const missing = await get(multi, '/libraries/zeta/2.0.0/docs/guide/midleware.md');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(
      'No document named "guide/midleware". Did you mean /libraries/zeta/2.0.0/docs/guide/middleware.md? Every document is listed in /libraries/zeta/2.0.0/llms.txt.\n',
    );
  });

  it('searches the version it belongs to, with results and the form inside it', async () => {
    const page = await text(multi, '/libraries/zeta/1.4.0/search?q=reverse');
    expect(page).toContain('action="/libraries/zeta/1.4.0/search"');
    expect(page).toContain('<a href="/libraries/zeta/1.4.0/docs/guide/middleware#ordering">');
    expect(await text(multi, '/libraries/zeta/2.0.0/search?q=reverse')).toContain('No section matches');
    // The switcher repeats the search in the other version.
    expect(page).toContain('<a href="/libraries/zeta/2.0.0/search?q=reverse">2.0.0</a>');
  });

  it('answers a range or latest in the path with the version it resolves to', async () => {
    const exact = await text(multi, '/libraries/zeta/2.0.0/docs/guide/middleware');
    expect(await text(multi, '/libraries/zeta/2/docs/guide/middleware')).toBe(exact);
    expect(await text(multi, '/libraries/zeta/latest/docs/guide/middleware')).toBe(exact);
    expect(await text(multi, '/libraries/ZETA-router/2/docs/guide/middleware')).toBe(exact);
    expect(await text(multi, `/libraries/zeta/${encodeURIComponent('^1.2')}/`)).toBe(await text(multi, '/libraries/zeta/1.4.0/'));
    expect(await text(multi, '/libraries/zeta/1/llms.txt')).toBe(await text(multi, '/libraries/zeta/1.4.0/llms.txt'));
  });

  it('leads a library without a version to its latest, and a version to its home with the slash', async () => {
    for (const path of ['/libraries/zeta', '/libraries/zeta/']) {
      const response = await get(multi, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe('/libraries/zeta/2.0.0/');
    }
    const slash = await get(multi, '/libraries/zeta/1');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/libraries/zeta/1/');
    expect((await get(multi, '/libraries/alpha')).headers.get('location')).toBe('/');
    for (const [path, location] of [
      ['/libraries/zeta/llms.txt', '/libraries/zeta/2.0.0/llms.txt'],
      ['/libraries/zeta/docs/guide/middleware', '/libraries/zeta/2.0.0/docs/guide/middleware'],
      ['/libraries/zeta/search?q=route', '/libraries/zeta/2.0.0/search?q=route'],
    ]) {
      const response = await get(multi, path!);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(location);
    }
  });

  it('answers an unknown library or version with a 404 naming what exists', async () => {
    const library = await get(multi, '/libraries/zeeta/2/');
    expect(library.status).toBe(404);
    expect(library.headers.get('content-security-policy')).toContain("default-src 'self'");
    const libraryPage = await library.text();
    expect(libraryPage).toContain('No library named “zeeta”');
    expect(libraryPage).toContain('<li><a href="/libraries/zeta/2.0.0/">Zeta</a> (<code>zeta</code>)</li>');
    expect(libraryPage).toContain('<a href="/">Alpha</a>');

    const version = await get(multi, '/libraries/zeta/7/docs/guide/middleware');
    expect(version.status).toBe(404);
    const versionPage = await version.text();
    expect(versionPage).toContain('Zeta has no version “7”');
    expect(versionPage).toContain('<a href="/libraries/zeta/1.4.0/">1.4.0</a>');

    const agent = await get(multi, '/libraries/zeta/7/llms.txt');
    expect(agent.status).toBe(404);
    expect(agent.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await agent.text()).toMatch(
      /^Library "zeta" has no version "7"; it has 2\.0\.0, 1\.4\.0\..* Every library is listed in \/llms\.txt and at \/libraries\.\n$/,
    );

    const page = await get(multi, '/libraries/zeta/2/no-such-page');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('href="/libraries/zeta/2.0.0/"');
  });

  it('lists its own documents in its llms.txt and llms-full.txt, under its base', async () => {
    const llms = await text(multi, '/libraries/zeta/1.4.0/llms.txt');
    expect(llms.split('\n')[0]).toBe('# Zeta 1.4.0');
    expect(llms).toContain('- [Middleware](http://localhost/libraries/zeta/1.4.0/docs/guide/middleware.md)');
    expect(llms).toContain('http://localhost/api/search?library=zeta&version=1.4.0&q=');
    expect(llms).toContain('Other versions: [2.0.0](http://localhost/libraries/zeta/2.0.0/llms.txt).');
    expect(llms).not.toMatch(/localhost\/docs\//);
    const full = await text(multi, '/libraries/zeta/1.4.0/llms-full.txt');
    expect(full).toContain('<!-- http://localhost/libraries/zeta/1.4.0/docs/guide/middleware -->');
    expect(full).toContain('](/libraries/zeta/1.4.0/docs/index)');
  });
});

describe('the switcher', () => {
  it('is absent when the service serves one version of one library', async () => {
    for (const path of ['/', '/docs/setup', '/search?q=alpha', '/api-reference', '/libraries']) {
      expect(await text(single, path), path).not.toContain('class="switcher"');
    }
  });

  it('names the library, marks the current version and links the other versions and libraries', async () => {
    const page = await text(multi, '/libraries/zeta/2.0.0/docs/guide/streaming');
    const switcher = /<nav class="switcher" aria-label="Libraries and versions">[\s\S]*?<\/nav>/.exec(page)![0];
    expect(switcher).toContain('<strong class="switcher-library">Zeta</strong>');
    expect(switcher).toContain('<a href="/libraries/zeta/2.0.0/docs/guide/streaming" aria-current="true">2.0.0</a>');
    // 1.4.0 has no streaming document: its link leads to its home page.
    expect(switcher).toContain('<a href="/libraries/zeta/1.4.0/">1.4.0</a>');
    expect(switcher).toContain('<a href="/">Alpha</a>');
    expect(switcher).toContain('<a class="switcher-all" href="/libraries">All libraries</a>');
    const middleware = await text(multi, '/libraries/zeta/2.0.0/docs/guide/middleware');
    expect(middleware).toContain('<a href="/libraries/zeta/1.4.0/docs/guide/middleware">1.4.0</a>');
  });

  it('shows on the root pages too, which otherwise render as with one library', async () => {
    for (const path of ['/', '/docs/setup', '/search?q=installer', '/docs/nothing', '/api-reference']) {
      const page = await text(multi, path);
      expect(page, path).toContain('<nav class="switcher" aria-label="Libraries and versions">');
      expect(page, path).toContain('<a href="/libraries/zeta/2.0.0/">Zeta</a>');
      expect(withoutSwitcher(page), path).toBe(await text(single, path));
    }
  });
});

describe('the root of a service with several libraries', () => {
  it('keeps the Markdown views of the default library as they are', async () => {
    for (const path of ['/docs/setup.md', '/llms-full.txt']) expect(await text(multi, path), path).toBe(await text(single, path));
  });

  it('lists the other libraries and their versions in llms.txt', async () => {
    const root = await text(multi, '/llms.txt');
    const alone = await text(single, '/llms.txt');
    expect(alone).not.toContain('## Libraries');
    expect(root).toContain('Other libraries and versions this service documents are listed under Libraries at the end.');
    expect(
      root.endsWith(
        '## Libraries\n\n- [Zeta 2.0.0](http://localhost/libraries/zeta/2.0.0/llms.txt): Zeta routes requests. Older versions: [1.4.0](http://localhost/libraries/zeta/1.4.0/llms.txt).\n',
      ),
    ).toBe(true);
    expect(root.replace(' Other libraries and versions this service documents are listed under Libraries at the end.', '')).toBe(
      alone.replace(/\n$/, '\n\n## Libraries\n\n') + root.slice(root.indexOf('- [Zeta 2.0.0]')),
    );
  });

  it('has a /libraries page with every library, its summary and a link to each version', async () => {
    const response = await get(multi, '/libraries');
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<h1>Libraries</h1>');
    expect(page.indexOf('id="library-alpha"')).toBeLessThan(page.indexOf('id="library-zeta"'));
    expect(page).toContain('<a href="/libraries/zeta/2.0.0/">Zeta</a><p>Zeta routes requests</p>');
    expect(page).toContain('Versions: <a href="/libraries/zeta/2.0.0/">2.0.0</a>, <a href="/libraries/zeta/1.4.0/">1.4.0</a>');
    expect(page).toContain('<a href="/libraries/zeta/2.0.0/llms.txt">llms.txt</a>');
    expect(await text(multi, '/libraries/')).toBe(page);
  });
});

describe('the page cache', () => {
  it('keeps one entry per library version, shared by the urls that name it', async () => {
    const app = createKitApp({ routes: {} });
    const { cache } = registerWebRoutes(app, new ContentStore(catalogOf(true)), { url: urlMaker(undefined) });
    const fetchPage = async (path: string) => (await app.fetch(new Request(`http://localhost${path}`))).text();
    const two = await fetchPage('/libraries/zeta/2.0.0/docs/guide/middleware');
    const one = await fetchPage('/libraries/zeta/1.4.0/docs/guide/middleware');
    expect(one).not.toBe(two);
    expect(cache.builds).toBe(2);
    expect(await fetchPage('/libraries/zeta/2/docs/guide/middleware')).toBe(two);
    expect(await fetchPage('/libraries/zeta/latest/docs/guide/middleware')).toBe(two);
    expect(cache.builds).toBe(2);
  });
});
