import { beforeAll, describe, expect, it } from 'vitest';
import {
  assembleContent,
  documentMarkdown,
  embeddedContentDirectory,
  loadContent,
  type Content,
  type ContentFile,
} from '../content/index.js';
import { createDocsService, type DocsService } from '../service/create-docs-service.js';

let content: Content;
let service: DocsService;

beforeAll(async () => {
  content = await loadContent(embeddedContentDirectory);
  service = createDocsService(content);
});

const get = (path: string, headers: Record<string, string> = {}) => service.app.fetch(new Request(`http://localhost${path}`, { headers }));

/** Every `id` attribute of the headings `<h2>`/`<h3>` of a page, in order. */
function headingIds(page: string): string[] {
  return [...page.matchAll(/<h[23] id="([^"]*)"/g)].map((match) => match[1]!);
}

describe('pages', () => {
  it('serves the home page with the security headers and every document linked', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const page = await response.text();
    for (const document of content.documents) expect(page).toContain(`href="${document.url}"`);
    expect(page).toContain('href="/llms.txt"');
  });

  it('gives every heading of every document the anchor the API uses', async () => {
    for (const document of content.documents) {
      const page = await (await get(document.url)).text();
      const anchors = document.sections.filter((section) => section.level !== 1).map((section) => section.anchor);
      expect(headingIds(page), document.slug).toEqual(anchors);
      for (const anchor of anchors) expect(page).toContain(`<a href="#${anchor}">`);
      expect(page, document.slug).not.toMatch(/topics:/);
    }
  });

  it('renders a document with navigation, table of contents, highlighted code and neighbours', async () => {
    const response = await get('/docs/database');
    expect(response.headers.get('link')).toBe('</docs/database.md>; rel="alternate"; type="text/markdown"');
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept');
    const page = await response.text();
    const index = content.documents.findIndex((document) => document.slug === 'database');
    expect(page).toContain('<a href="/docs/database" aria-current="page">Database</a>');
    expect(page).toContain('<nav class="toc" aria-label="On this page">');
    expect(page).toContain('<a href="#definemodel">defineModel</a>');
    expect(page).toMatch(/<span class="hljs-keyword">import<\/span>/);
    expect(page).toContain('<button type="button" class="copy" hidden>Copy</button>');
    expect(page).toContain(`href="${content.documents[index - 1]!.url}" rel="prev"`);
    expect(page).toContain(`href="${content.documents[index + 1]!.url}" rel="next"`);
  });

  it('uses no inline script or style, so the Content Security Policy can forbid them', async () => {
    for (const path of ['/', '/docs/database', '/search?q=model', '/api-reference', '/docs/nothing-here']) {
      const page = await (await get(path)).text();
      expect(page, path).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(page, path).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    }
  });

  it('answers an unknown document with a 404 page that suggests the closest ones', async () => {
    const response = await get('/docs/databse');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const page = await response.text();
    expect(page).toContain('<a href="/docs/database">Database</a>');
    expect(page).toContain('href="/search?q=databse"');
  });

  it('serves the API reference from local Swagger UI assets', async () => {
    const page = await (await get('/api-reference')).text();
    const scripts = [...page.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.some((src) => /^\/assets\/swagger-ui-bundle\.[0-9a-f]{10}\.js$/.test(src))).toBe(true);
    expect(page).toContain('data-spec-url="/openapi.json"');
  });
});

describe('caching', () => {
  it('renders a page once per content version and answers a known ETag with 304', async () => {
    const own = createDocsService(content);
    const first = await own.app.fetch(new Request('http://localhost/docs/routing'));
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await own.app.fetch(new Request('http://localhost/docs/routing', { headers: { 'If-None-Match': etag } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const otherVersion: Content = { ...content, version: `${content.version}-next` };
    own.store.replace(otherVersion);
    const after = await own.app.fetch(new Request('http://localhost/docs/routing', { headers: { 'If-None-Match': etag } }));
    expect(after.status).toBe(304); // same bytes, same ETag, though rendered again for the new version
  });

  it('serves assets under content-hashed names with long-lived caching', async () => {
    const page = await (await get('/')).text();
    const stylesheet = /href="(\/assets\/styles\.[0-9a-f]{10}\.css)"/.exec(page)![1]!;
    const script = /src="(\/assets\/client\.[0-9a-f]{10}\.js)"/.exec(page)![1]!;
    const css = await get(stylesheet);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(script)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/assets/styles.0000000000.css')).status).toBe(404);
  });
});

describe('Markdown for agents', () => {
  it('serves /docs/{slug}.md as text/markdown, the same text as the MCP resource', async () => {
    const document = content.documents.find((d) => d.slug === 'database')!;
    const response = await get('/docs/database.md');
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toBe(documentMarkdown(document));
  });

  it('answers Accept: text/markdown on /docs/{slug} with the Markdown, and browsers with HTML', async () => {
    const markdown = await get('/docs/database', { Accept: 'text/markdown' });
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers.get('vary')).toContain('Accept');
    expect(await markdown.text()).toMatch(/^# Database\n\n> /);
    const browser = await get('/docs/database', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const missing = await get('/docs/databse.md');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await missing.text()).toBe(
      'No document named "databse". Did you mean /docs/database.md? Every document is listed in /llms.txt.\n',
    );
    expect((await get('/docs/databse', { Accept: 'text/markdown' })).headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});

describe('llms.txt', () => {
  it('has an H1, a summary blockquote and H2 groups of links to the .md views', async () => {
    const response = await get('/llms.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe(`# ${content.site.title}`);
    expect(lines[2]).toMatch(/^> \S/);
    const groups = lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
    expect(groups).toEqual(content.site.groups.filter((group) => content.documents.some((d) => d.group === group)));
    const links = lines.filter((line) => line.startsWith('- '));
    expect(links).toHaveLength(content.documents.length);
    for (const line of links) expect(line).toMatch(/^- \[[^\]]+\]\(http:\/\/localhost\/docs\/[a-z0-9-]+\.md\): \S/);
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
  });

  it('uses the public base url when one is configured', async () => {
    const own = createDocsService(content, { publicBaseUrl: 'https://docs.example.com/' });
    const text = await (await own.app.fetch(new Request('http://127.0.0.1:3000/llms.txt'))).text();
    expect(text).toContain('(https://docs.example.com/docs/getting-started.md)');
    expect(text).not.toContain('127.0.0.1');
  });

  it('puts every document into llms-full.txt', async () => {
    const text = await (await get('/llms-full.txt')).text();
    for (const document of content.documents) expect(text).toContain(documentMarkdown(document));
  });
});

describe('search page without JavaScript', () => {
  it('lists results with the query terms marked', async () => {
    const page = await (await get('/search?q=defineModel')).text();
    expect(page).toMatch(/<p class="result-count" role="status">\d+ results? for <strong>defineModel<\/strong><\/p>/);
    expect(page).toContain('<a href="/docs/database#definemodel"><span class="result-heading"><mark>defineModel</mark></span>');
    expect(page).toContain('value="defineModel"');
  });

  it('escapes the query everywhere it appears', async () => {
    const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const page = await (await get(`/search?q=${encodeURIComponent(evil)}`)).text();
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;');
  });

  it('asks for a query when there is none', async () => {
    const response = await get('/search');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<input id="search-page-input" name="q" type="search" value=""');
  });
});

describe('escaping content', () => {
  const site = 'strict: true\ntitle: Test <b>site</b>\nsummary: A "test" set & more.\ngroups: [Guides]\n';
  const taxonomy = 'categories:\n  database: [models]\nexamples: [defineModel]\n';
  const body = [
    'Raw <img src=x onerror=alert(1)> and <script>alert(2)</script> stay text.',
    '',
    '## Heading <em>one</em>',
    '<!-- topics: models -->',
    '',
    'A [bad link](javascript:alert(3)) and `<code>`.',
    '',
    '```ts',
    'const html = "<script>";',
    '```',
    '',
  ].join('\n');
  const files: ContentFile[] = Object.entries({
    'site.yaml': site,
    'taxonomy.yaml': taxonomy,
    'docs/evil.md': `---\ntitle: Evil <script>alert(4)</script>\nsummary: Summary with "quotes" and <tags>.\ngroup: Guides\norder: 1\ntopics: [database]\n---\n${body}`,
  }).map(([relativePath, text]) => ({ path: `/content/${relativePath}`, relativePath, text }));

  it('never lets markup from content through', async () => {
    const evil = createDocsService(assembleContent('/content', files));
    for (const path of ['/', '/docs/evil', '/search?q=alert', '/docs/evil-x']) {
      const page = await (await evil.app.fetch(new Request(`http://localhost${path}`))).text();
      expect(page, path).not.toMatch(/<script>|<img|<em>|<b>site|<tags>|href="javascript:|onerror=alert\(1\)>/);
    }
    const page = await (await evil.app.fetch(new Request('http://localhost/docs/evil'))).text();
    expect(page).toContain('Evil &lt;script&gt;alert(4)&lt;/script&gt;');
    expect(page).toContain('Raw &lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('<h2 id="heading-one">');
    expect(page).not.toContain('topics: models');
  });

  it('reduces tags to their text outside strict mode, where documentation written for a generator is served', async () => {
    const lenient = files.map((file) =>
      file.relativePath === 'site.yaml' ? { ...file, text: file.text.replace('strict: true\n', '') } : file,
    );
    const content = assembleContent('/content', lenient);
    expect(content.strict).toBe(false);
    const service = createDocsService(content);
    const page = await (await service.app.fetch(new Request('http://localhost/docs/evil'))).text();
    expect(page).not.toMatch(/<script>|<img|<em>|href="javascript:|onerror/);
    expect(page).toContain('<p>Raw  and alert(2) stay text.</p>');
    expect(page).toContain('<h2 id="heading-one">Heading one');
  });
});
