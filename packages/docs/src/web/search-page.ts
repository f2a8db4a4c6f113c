import { highlightTerms, queryTerms } from './highlight-terms.js';
import { html, type Html } from './html.js';
import { renderLayout } from './layout.js';
import { linkIn, siteTitleOf, type SiteView } from './site-view.js';

/** Results on the search page; the instant search shows fewer. */
export const searchPageLimit = 20;
/** Longest query searched, as `/api/search` accepts it. */
export const maxQueryLength = 500;

/**
 * `/search?q=`: the results page that needs no JavaScript. Each result shows the section heading,
 * its document and the snippet with the query's words marked; every piece of text is escaped. It
 * searches the version of the view, and the switcher repeats the search in another version.
 */
export function renderSearchPage(view: SiteView, rawQuery: string): string {
  const query = rawQuery.trim().slice(0, maxQueryLength);
  const searchPath = (base: string) => (query === '' ? `${base}/search` : `${base}/search?q=${encodeURIComponent(query)}`);
  const main = html`<div class="search-page prose">
<h1>Search</h1>
<form class="search-form" action="${linkIn(view, '/search')}" method="get" role="search">
<label for="search-page-input">Search the documentation</label>
<div class="search-row"><input id="search-page-input" name="q" type="search" value="${query}" maxlength="${maxQueryLength}"><button type="submit">Search</button></div>
</form>
${query === '' ? html`<p>Type words, identifiers such as <code>createKitApp</code>, or a "quoted phrase".</p>` : renderResults(view, query)}
</div>`;
  return renderLayout(view, {
    title: query === '' ? 'Search' : `Search: ${query}`,
    description: `Search the ${siteTitleOf(view)} documentation.`,
    main,
    query,
    samePageIn: (version) => searchPath(version.base),
  });
}

function renderResults(view: SiteView, query: string): Html {
  const results = view.version.state.search.search(query, { limit: searchPageLimit });
  if (results.length === 0) {
    return html`<p class="result-count" role="status">No section matches <strong>${query}</strong>. Try fewer or other words.</p>`;
  }
  const terms = queryTerms(query);
  return html`<p class="result-count" role="status">${results.length === 1 ? '1 result' : `${results.length} results`} for <strong>${query}</strong></p>
<ol class="results">
${results.map(
  ({ section, snippet }) => html`<li>
<a href="${linkIn(view, section.url)}"><span class="result-heading">${highlightTerms(section.heading, terms)}</span> <span class="result-doc">${section.documentTitle}</span></a>
<p>${highlightTerms(snippet, terms)}</p>
</li>
`,
)}</ol>`;
}
