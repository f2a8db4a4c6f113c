import type { Document } from '../content/index.js';
import { html, type Html } from './html.js';
import { renderLayout } from './layout.js';
import { contentOf, isRootView, linkIn, siteTitleOf, type SiteView } from './site-view.js';

/**
 * The front page: what kit is, where to start, every document by group with its summary, and the
 * ways agents read the same documentation.
 */
export function renderHomePage(view: SiteView): string {
  const content = contentOf(view);
  const { site } = content;
  const title = siteTitleOf(view);
  const first = content.documents.find((document) => document.slug === 'getting-started') ?? content.documents[0];
  // Groups in navigation order: those site.yaml lists first, then any other a document names.
  const names = [
    ...site.groups,
    ...new Set(content.documents.map((document) => document.group).filter((group) => !site.groups.includes(group))),
  ];
  const groups = names.map((group) => ({ group, documents: content.documents.filter((document) => document.group === group) }));
  const main = html`<div class="home prose">
<h1>${title} documentation</h1>
<p class="summary">${site.summary}</p>
${first ? html`<p><a class="button" href="${linkIn(view, first.url)}">Start with ${first.title}</a></p>` : ''}
${groups.map(({ group, documents }) =>
  documents.length === 0
    ? ''
    : html`<section aria-labelledby="group-${slugOf(group)}">
<h2 id="group-${slugOf(group)}">${group}</h2>
<ul class="cards">
${documents.map((document: Document) => html`<li><a href="${linkIn(view, document.url)}">${document.title}</a>${document.summary ? html`<p>${document.summary}</p>` : ''}</li>\n`)}</ul>
</section>
`,
)}
${renderForAgents(view)}
</div>`;
  return renderLayout(view, { title, description: site.summary, main });
}

/**
 * The ways agents read the same documentation: for another library or version than the default
 * library's latest, its own llms.txt and `.md` urls, and the API's parameters that name it.
 */
function renderForAgents(view: SiteView): Html {
  if (isRootView(view)) {
    return html`<section aria-labelledby="for-agents">
<h2 id="for-agents">For agents and tools</h2>
<ul>
<li><a href="/llms.txt">/llms.txt</a>: the index of every document, linking to its Markdown view; <a href="/llms-full.txt">/llms-full.txt</a> has them all in one file.</li>
<li><code>/docs/{slug}.md</code>, or <code>/docs/{slug}</code> with <code>Accept: text/markdown</code>: one document as Markdown.</li>
<li><code>/api/search?q=</code>, <code>/api/docs</code>, <code>/api/examples</code>: the query API, described by <a href="/openapi.json">/openapi.json</a> and the <a href="/api-reference">API reference</a>; the same tools over MCP at <code>/mcp</code>.</li>
</ul>
</section>`;
  }
  const { library, version } = view.version;
  const named = `library=${encodeURIComponent(library)}&version=${encodeURIComponent(version)}`;
  return html`<section aria-labelledby="for-agents">
<h2 id="for-agents">For agents and tools</h2>
<ul>
<li><a href="${linkIn(view, '/llms.txt')}">${linkIn(view, '/llms.txt')}</a>: the index of every document of this version, linking to its Markdown view; <a href="${linkIn(view, '/llms-full.txt')}">${linkIn(view, '/llms-full.txt')}</a> has them all in one file. <a href="/libraries">Every library</a> has its own.</li>
<li><code>${linkIn(view, '/docs/{slug}.md')}</code>, or <code>${linkIn(view, '/docs/{slug}')}</code> with <code>Accept: text/markdown</code>: one document as Markdown.</li>
<li><code>/api/search?${named}&amp;q=</code>, <code>/api/docs?${named}</code>, <code>/api/examples?${named}</code>: the query API for this version, described by <a href="/openapi.json">/openapi.json</a> and the <a href="/api-reference">API reference</a>; the same tools over MCP at <code>/mcp</code>, with <code>library</code> and <code>version</code>.</li>
</ul>
</section>`;
}

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
