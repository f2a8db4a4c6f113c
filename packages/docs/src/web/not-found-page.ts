import type { Content } from '../content/index.js';
import { suggest } from '../api/suggest.js';
import type { AssetSet } from './assets.js';
import { html } from './html.js';
import { renderLayout } from './layout.js';

/** The 404 page for `/docs/{slug}` without such a document: the closest documents, then a search. */
export function renderNotFoundPage(content: Content, assets: AssetSet, slug: string): string {
  const candidates = suggest(slug, content.documents.map((document) => document.slug));
  const suggested = candidates.flatMap((candidate) => content.documents.filter((document) => document.slug === candidate));
  const words = slug.replace(/[-_]+/g, ' ').slice(0, 100);
  const main = html`<div class="prose not-found">
<h1>No page named “${slug}”</h1>
${suggested.length > 0
    ? html`<p>Did you mean:</p>
<ul>
${suggested.map((document) => html`<li><a href="${document.url}">${document.title}</a>: ${document.summary}</li>\n`)}</ul>`
    : html`<p>No document has a similar name.</p>`}
<p><a href="/search?q=${encodeURIComponent(words)}">Search the documentation for “${words}”</a> or start from the <a href="/">home page</a>.</p>
</div>`;
  return renderLayout(content, assets, { title: 'Page not found', description: `No document named ${slug}.`, main });
}
