/**
 * Documentation folders laid out as VitePress, Docusaurus, MkDocs, Starlight and plain Markdown write
 * them (test/fixtures/<layout>/, small sites written for these tests) load with no settings file and
 * are served as they are: every page, link and anchor works over real HTTP, no generator syntax is
 * left on any page, navigation follows each generator's metadata, and search and topics work.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { KitServer } from '@kit/kit-core';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type Content } from '../../src/content/index.js';
import { createDocsService } from '../../src/service/create-docs-service.js';
import { brokenAnchors, crawlSite, rawSyntaxOn } from '../support/site-crawl.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

interface Layout {
  readonly name: string;
  readonly layout: Content['layout'];
  readonly title: string;
  /** Navigation: each group with its documents' slugs, in order. */
  readonly navigation: readonly (readonly [string, readonly string[]])[];
  /** Labels navigation shows instead of the title. */
  readonly labels: Readonly<Record<string, string>>;
  /** A question and the section that answers it. */
  readonly search: { readonly q: string; readonly first: string };
  /** A topic and a slug prefix every result of a search in it has. */
  readonly topic: { readonly name: string; readonly q: string; readonly prefix: string };
  /** Where the one image the fixture's pages show is served. */
  readonly image: string;
}

const layouts: readonly Layout[] = [
  {
    name: 'vitepress',
    layout: 'vitepress',
    title: 'Lumen',
    navigation: [
      ['Lumen', ['index']],
      ['Guide', ['guide', 'guide/getting-started', 'guide/routing', 'guide/middleware']],
      ['API', ['api', 'api/app', 'api/context', 'api/request']],
    ],
    labels: {},
    search: { q: 'optional parameters question mark', first: '/docs/guide/routing#route-params' },
    topic: { name: 'api', q: 'status', prefix: '/docs/api' },
    image: '/media/public/lumen.svg',
  },
  {
    name: 'docusaurus',
    layout: 'docusaurus',
    title: 'Quill',
    navigation: [
      ['Quill', ['intro', 'faq']],
      ['Tutorial - Basics', ['tutorial-basics/create-a-note', 'tutorial-basics/tag-notes', 'tutorial-basics/search']],
      ['Reference', ['reference/cli', 'reference/configuration']],
    ],
    labels: { 'tutorial-basics/tag-notes': 'Tags', 'tutorial-basics/search': 'Search' },
    search: { q: 'exact phrase leave out notes', first: '/docs/tutorial-basics/search#search-syntax' },
    topic: { name: 'tags', q: 'notes', prefix: '/docs/tutorial-basics/tag-notes' },
    image: '/media/static/img/note-flow.svg',
  },
  {
    name: 'mkdocs',
    layout: 'mkdocs',
    title: 'Tern',
    navigation: [
      ['Tern', ['index', 'getting-started']],
      ['User guide', ['user-guide/workers', 'user-guide/retries', 'user-guide/scheduling']],
      ['Reference', ['reference/api', 'reference/settings']],
      ['About', ['about/license', 'about/changelog']],
    ],
    labels: { index: 'Home' },
    search: { q: 'concurrency processes connection to Redis', first: '/docs/user-guide/workers#starting-a-worker' },
    topic: { name: 'reference', q: 'default', prefix: '/docs/reference/' },
    image: '/media/docs/img/workers.svg',
  },
  {
    name: 'starlight',
    layout: 'starlight',
    title: 'Orbit',
    navigation: [
      ['Orbit', ['index']],
      ['Guides', ['guides/install', 'guides/deploy', 'guides/rollback']],
      ['Reference', ['reference/cli', 'reference/configuration', 'reference/environment']],
    ],
    labels: { 'guides/rollback': 'Roll back' },
    search: { q: 'preview without switching traffic', first: '/docs/guides/deploy#overview' },
    topic: { name: 'cli', q: 'release', prefix: '/docs/reference/cli' },
    image: '/media/public/deploy-flow.svg',
  },
  {
    name: 'plain',
    layout: 'plain',
    title: 'Pebble',
    navigation: [
      ['Pebble', ['index', 'faq', 'install']],
      ['Internals', ['internals/replication', 'internals/storage']],
      ['Usage', ['usage', 'usage/expiry', 'usage/keys']],
    ],
    labels: {},
    search: { q: 'expired keys removed lazily by a sweep', first: '/docs/usage/expiry#setting-a-time-to-live' },
    topic: { name: 'internals', q: 'log', prefix: '/docs/internals/' },
    image: '/media/internals/replication.svg',
  },
];

describe.each(layouts)('a $name documentation folder, with no settings', (layout) => {
  let content: Content;
  let server: KitServer;
  let base: string;

  beforeAll(async () => {
    content = await loadContent(`${fixtures}${layout.name}`);
    server = await createDocsService(content).app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.close());

  it('loads without a warning, recognised as its layout, with its site title', () => {
    expect(content.warnings).toEqual([]);
    expect(content.layout).toBe(layout.layout);
    expect(content.strict).toBe(false);
    expect(content.site.title).toBe(layout.title);
    expect(content.examples).toEqual([]);
    for (const document of content.documents) {
      expect(document.title, document.slug).not.toBe('');
      expect(document.summary, document.slug).not.toBe('');
    }
  });

  it('orders navigation by the generator metadata, folders kept in the slugs', () => {
    const groups = [...new Set(content.documents.map((document) => document.group))];
    expect(
      groups.map((group) => [group, content.documents.filter((document) => document.group === group).map((document) => document.slug)]),
    ).toEqual(layout.navigation);
    for (const [slug, label] of Object.entries(layout.labels))
      expect(content.documents.find((document) => document.slug === slug)?.label).toBe(label);
  });

  it('serves every page, and every link and anchor on every page resolves over HTTP', async () => {
    const crawl = await crawlSite(base, ['/']);
    const { pages, images } = crawl;
    expect([...crawl.failures]).toEqual([]);
    for (const document of content.documents) expect(pages.has(document.url), document.url).toBe(true);
    // Every layout's fixture shows an image of its own folder, in the generator's way of linking it.
    expect([...images]).toEqual([layout.image]);
    for (const image of images) {
      const response = await fetch(`${base}${image}`);
      expect(response.status, image).toBe(200);
      expect(response.headers.get('content-type'), image).toBe('image/svg+xml');
      expect(await response.text()).toMatch(/^<svg /);
    }
    expect(crawl.fragments.length).toBeGreaterThan(0);
    expect(brokenAnchors(crawl).map(([target, anchor, from]) => `${from} links to ${target}#${anchor}`)).toEqual([]);
    // Links written in the documents (relative ones included) now point at /docs/<slug>.
    const written = content.documents.flatMap((document) =>
      [...document.markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => [document.slug, match[1]!] as const),
    );
    expect(written.length).toBeGreaterThan(3);
    for (const [slug, href] of written)
      expect(href, `${slug}: ${href}`).toMatch(/^(?:\/docs\/[\w./-]+(?:#[\w-]+)?|\/media\/[\w./-]+\.svg|#[\w-]+|https?:\/\/.+)$/);
  });

  it('leaves no generator syntax on any page, in any Markdown view or API answer', async () => {
    for (const document of content.documents) {
      const page = await (await fetch(`${base}${document.url}`)).text();
      expect(
        rawSyntaxOn(page).map(({ pattern, context }) => `${pattern}: …${context}…`),
        document.url,
      ).toEqual([]);
      const markdown = (await (await fetch(`${base}${document.url}.md`)).text()).replace(/^\s*(```|~~~)[\s\S]*?^\s*\1/gm, '');
      expect(markdown, document.url).not.toMatch(/<\/?(?:Tabs|TabItem|Aside|Admonition|Card)\b|!!! |^import /m);
    }
  });

  it('finds the right section first, and restricts search to an inferred topic', async () => {
    const search = (query: string) =>
      fetch(`${base}/api/search?${query}`).then((response) => response.json() as Promise<{ results: { url: string }[] }>);
    const { results } = await search(new URLSearchParams({ q: layout.search.q }).toString());
    expect(results[0]?.url).toBe(layout.search.first);
    const filtered = await search(new URLSearchParams({ q: layout.topic.q, topic: layout.topic.name }).toString());
    expect(filtered.results.length).toBeGreaterThan(0);
    for (const result of filtered.results) expect(result.url.startsWith(layout.topic.prefix), result.url).toBe(true);
    const unknown = await fetch(`${base}/api/search?q=x&topic=no-such-topic`);
    expect(unknown.status).toBe(400);
  });
});

describe('slugs with folders on every surface', () => {
  let content: Content;
  let server: KitServer;
  let base: string;

  beforeAll(async () => {
    content = await loadContent(`${fixtures}vitepress`);
    server = await createDocsService(content).app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.close());

  it('answers /api/docs?slug=api/context, a section of it, and llms.txt links to /docs/api/context.md', async () => {
    const whole = (await (await fetch(`${base}/api/docs?slug=api/context`)).json()) as { documents: { url: string; section: string }[] };
    expect(whole.documents.map((entry) => entry.url)).toEqual([
      '/docs/api/context#overview',
      '/docs/api/context#reading-the-request',
      '/docs/api/context#writing-the-response',
      '/docs/api/context#status-codes',
    ]);
    const section = (await (await fetch(`${base}/api/docs?slug=${encodeURIComponent('api/context')}&section=status-codes`)).json()) as {
      documents: { section: string }[];
    };
    expect(section.documents.map((entry) => entry.section)).toEqual(['Status codes']);
    const llms = await (await fetch(`${base}/llms.txt`)).text();
    expect(llms).toContain(`(${base}/docs/api/context.md): Each request gets a fresh context c.`);
    const markdown = await fetch(`${base}/docs/api/context.md`);
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await markdown.text()).toMatch(/^# Context\n\nEach request gets a fresh context `c`\./);
    expect((await fetch(`${base}/docs/api/nothing`)).status).toBe(404);
  });

  it('serves each document as an MCP resource, also when a client escapes the slash of the slug', async () => {
    const client = new Client({ name: 'zero-config-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      // The service describes the documentation it serves, not kit's.
      expect(client.getInstructions()).toMatch(/^The Lumen documentation\. /);
      const card = (await (await fetch(`${base}/.well-known/agent.json`)).json()) as { description: string };
      expect(card.description).toMatch(/^The Lumen documentation\. /);
      expect(card.description).not.toMatch(/\bkit\b/);
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toContain('kit-docs://docs/api/context');
      for (const uri of ['kit-docs://docs/api/context', 'kit-docs://docs/api%2Fcontext']) {
        const read = await client.readResource({ uri });
        expect((read.contents[0] as { text: string }).text).toMatch(/^# Context\n/);
      }
      const call = await client.callTool({ name: 'get_api_docs', arguments: { slug: 'api/context', section: 'Reading the request' } });
      expect((call.structuredContent as { documents: { url: string }[] }).documents[0]?.url).toBe('/docs/api/context#reading-the-request');
    } finally {
      await client.close();
    }
  });
});
