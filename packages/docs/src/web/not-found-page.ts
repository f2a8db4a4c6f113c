import type { Content } from '../content/index.js';
import { suggest } from '../api/suggest.js';
import type { AssetSet } from './assets.js';
import { html } from './html.js';
import { renderLayout } from './layout.js';

/** Longest part of the requested name the page repeats; it appears in the heading and the search link. */
const shownLength = 60;

/**
 * The 404 page for `/docs/{slug}` without such a document: the closest documents, then a search.
 * The name asked for is repeated cut to 60 characters, so the page never reflects a long url back.
 */
export function renderNotFoundPage(content: Content, assets: AssetSet, slug: string): string {
  const candidates = suggest(
    slug,
    content.documents.map((document) => document.slug),
  );
  const suggested = candidates.flatMap((candidate) => content.documents.filter((document) => document.slug === candidate));
  const cut = slug.slice(0, shownLength).replace(/[\uD800-\uDBFF]$/, '');
  const shown = slug.length <= shownLength ? slug : `${cut}…`;
  const words = shown.replace(/[-_]+/g, ' ').replace(/…$/, '');
  const main = html`<div class="prose not-found">
<h1>No page named “${shown}”</h1>
${
  suggested.length > 0
    ? html`<p>Did you mean:</p>
<ul>
${suggested.map((document) => html`<li><a href="${document.url}">${document.title}</a>${document.summary ? `: ${document.summary}` : ''}</li>\n`)}</ul>`
    : html`<p>No document has a similar name.</p>`
}
<p><a href="/search?q=${encodeURIComponent(words)}">Search the documentation for “${words}”</a> or start from the <a href="/">home page</a>.</p>
</div>`;
  return renderLayout(content, assets, { title: 'Page not found', description: 'No document has this name.', main });
}
