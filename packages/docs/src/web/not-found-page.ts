import { suggest } from '../api/suggest.js';
import { html } from './html.js';
import { renderLayout } from './layout.js';
import { contentOf, linkIn, type SiteView } from './site-view.js';

/** Longest part of the requested name the page repeats; it appears in the heading and the search link. */
const shownLength = 60;

/**
 * The 404 page for `/docs/{slug}` without such a document: the closest documents, then a search.
 * The name asked for is repeated cut to 60 characters, so the page never reflects a long url back.
 */
export function renderNotFoundPage(view: SiteView, slug: string): string {
  const content = contentOf(view);
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
${suggested.map((document) => html`<li><a href="${linkIn(view, document.url)}">${document.title}</a>${document.summary ? `: ${document.summary}` : ''}</li>\n`)}</ul>`
    : html`<p>No document has a similar name.</p>`
}
<p><a href="${linkIn(view, `/search?q=${encodeURIComponent(words)}`)}">Search the documentation for “${words}”</a> or start from the <a href="${linkIn(view, '/')}">home page</a>.</p>
</div>`;
  return renderLayout(view, { title: 'Page not found', description: 'No document has this name.', main });
}
