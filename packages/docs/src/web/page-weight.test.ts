import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedContentDirectory, loadContent, type Content } from '../content/index.js';
import { createDocsService, type DocsService } from '../service/create-docs-service.js';

/** The budget of the issue: HTML, CSS and JS of a page, gzip-compressed, highlighted code excluded. */
const budget = 100 * 1024;

let content: Content;
let service: DocsService;

beforeAll(async () => {
  content = await loadContent(embeddedContentDirectory);
  service = createDocsService(content);
});

interface Weight {
  readonly path: string;
  readonly html: number;
  readonly htmlWithoutCode: number;
  readonly assets: number;
}

/** Compressed bytes of a page and of every stylesheet and script it links, as a browser receives them. */
async function weigh(path: string): Promise<Weight> {
  const fetchGzip = (url: string) => service.app.fetch(new Request(`http://localhost${url}`, { headers: { 'Accept-Encoding': 'gzip' } }));
  const response = await fetchGzip(path);
  expect(response.headers.get('content-encoding')).toBe('gzip');
  const html = (await response.arrayBuffer()).byteLength;
  const page = await (await service.app.fetch(new Request(`http://localhost${path}`))).text();
  const withoutCode = page.replace(/<div class="code">[\s\S]*?<\/pre><\/div>/g, '');
  const linked = [...page.matchAll(/<(?:link rel="stylesheet" href|script[^>]*src)="([^"]+)"/g)].map((match) => match[1]!);
  let assets = 0;
  for (const url of linked) assets += (await (await fetchGzip(url)).arrayBuffer()).byteLength;
  return { path, html, htmlWithoutCode: gzipSync(withoutCode, { level: 9 }).byteLength, assets };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('page weight', () => {
  it('stays under 100 KB compressed for the home page, every document and the search page', async () => {
    const weights = [await weigh('/'), await weigh('/search?q=model')];
    for (const document of content.documents) weights.push(await weigh(document.url));
    const rows = weights.map((w) => ({ ...w, total: w.html + w.assets, budgeted: w.htmlWithoutCode + w.assets }));
    const heaviest = rows.slice(2).reduce((a, b) => (b.total > a.total ? b : a));
    const shown = [rows[0]!, rows.find((row) => row.path === '/docs/database')!, heaviest, rows[1]!];
    console.log(
      [
        'page weights (gzip): page | HTML | HTML without code blocks | CSS+JS | total | total without code',
        ...shown.map((r) => `${r.path} | ${kb(r.html)} | ${kb(r.htmlWithoutCode)} | ${kb(r.assets)} | ${kb(r.total)} | ${kb(r.budgeted)}`),
      ].join('\n'),
    );
    for (const row of rows) expect(row.budgeted, row.path).toBeLessThan(budget);
  });
});
