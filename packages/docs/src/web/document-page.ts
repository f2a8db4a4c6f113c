import type { Document } from '../content/index.js';
import { html, type Html } from './html.js';
import { renderLayout } from './layout.js';
import { renderDocumentBody } from './render-markdown.js';
import { contentOf, linkIn, type SiteView } from './site-view.js';
import { homeOf } from './switcher.js';

/**
 * A document as a page: its group, title and summary, the rendered body, previous and next documents
 * in navigation order, the table of contents beside it, and a link to its Markdown view; every link
 * within the version shown. The switcher leads to the same document in the versions that have it.
 */
export function renderDocumentPage(view: SiteView, document: Document): string {
  const content = contentOf(view);
  const url = linkIn(view, document.url);
  const position = content.documents.indexOf(document);
  const previous = position > 0 ? content.documents[position - 1] : undefined;
  const next = content.documents[position + 1];
  const main = html`<div class="doc">
<article class="prose">
<p class="eyebrow">${document.group}</p>
<h1>${document.title}</h1>
${document.summaryFromBody || document.summary === '' ? '' : html`<p class="summary">${document.summary}</p>`}
${renderDocumentBody(document, view.version.base)}
<nav class="pager" aria-label="Previous and next">
${previous ? html`<a class="prev" href="${linkIn(view, previous.url)}" rel="prev"><span>Previous</span>${previous.label}</a>` : html`<span></span>`}
${next ? html`<a class="next" href="${linkIn(view, next.url)}" rel="next"><span>Next</span>${next.label}</a>` : ''}
</nav>
<p class="source">Also as Markdown: <a href="${url}.md" type="text/markdown">${document.slug}.md</a></p>
</article>
${renderTableOfContents(document)}
</div>`;
  return renderLayout(view, {
    title: document.title,
    description: document.summary || content.site.summary,
    main,
    currentSlug: document.slug,
    head: html`<link rel="alternate" type="text/markdown" href="${url}.md">`,
    samePageIn: (version) => (version.state.documents.has(document.slug) ? `${version.base}${document.url}` : homeOf(version)),
  });
}

/** Links to every `##` and `###` section; `###` entries are indented under their parent. */
function renderTableOfContents(document: Document): Html {
  const sections = document.sections.filter((section) => section.level !== 1);
  if (sections.length === 0) return html``;
  return html`<nav class="toc" aria-label="On this page">
<p class="toc-title">On this page</p>
<ul>
${sections.map((section) => html`<li class="level-${section.level}"><a href="#${section.anchor}">${section.heading}</a></li>\n`)}</ul>
</nav>`;
}
