import type { Content } from '../content/index.js';
import type { DocsSearch } from '../search/index.js';
import type { AssetSet } from './assets.js';
import { highlightTerms, queryTerms } from './highlight-terms.js';
import { html, type Html } from './html.js';
import { renderLayout } from './layout.js';

/** Results on the search page; the instant search shows fewer. */
export const searchPageLimit = 20;
/** Longest query searched, as `/api/search` accepts it. */
export const maxQueryLength = 500;

/**
 * `/search?q=`: the results page that needs no JavaScript. Each result shows the section heading,
 * its document and the snippet with the query's words marked; every piece of text is escaped.
 */
export function renderSearchPage(content: Content, assets: AssetSet, search: DocsSearch, rawQuery: string): string {
  const query = rawQuery.trim().slice(0, maxQueryLength);
  const main = html`<div class="search-page prose">
<h1>Search</h1>
<form class="search-form" action="/search" method="get" role="search">
<label for="search-page-input">Search the documentation</label>
<div class="search-row"><input id="search-page-input" name="q" type="search" value="${query}" maxlength="${maxQueryLength}"><button type="submit">Search</button></div>
</form>
${query === '' ? html`<p>Type words, identifiers such as <code>createKitApp</code>, or a "quoted phrase".</p>` : renderResults(search, query)}
</div>`;
  return renderLayout(content, assets, {
    title: query === '' ? 'Search' : `Search: ${query}`,
    description: `Search the ${content.site.title} documentation.`,
    main,
    query,
  });
}

function renderResults(search: DocsSearch, query: string): Html {
  const results = search.search(query, { limit: searchPageLimit });
  if (results.length === 0) {
    return html`<p class="result-count" role="status">No section matches <strong>${query}</strong>. Try fewer or other words.</p>`;
  }
  const terms = queryTerms(query);
  return html`<p class="result-count" role="status">${results.length === 1 ? '1 result' : `${results.length} results`} for <strong>${query}</strong></p>
<ol class="results">
${results.map(
  ({ section, snippet }) => html`<li>
<a href="${section.url}"><span class="result-heading">${highlightTerms(section.heading, terms)}</span> <span class="result-doc">${section.documentTitle}</span></a>
<p>${highlightTerms(snippet, terms)}</p>
</li>
`,
)}</ol>`;
}
