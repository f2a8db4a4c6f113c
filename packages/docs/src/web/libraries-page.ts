import type { Library } from '../library/catalog.js';
import { html, type Html } from './html.js';
import { renderLayout } from './layout.js';
import { librariesInOrder, type SiteView } from './site-view.js';
import { homeOf } from './switcher.js';

/** Longest part of a requested library or version name a page repeats, as the 404 page of documents does. */
const shownLength = 60;

/**
 * `/libraries`: every library the service documents, the default first, each with its title,
 * summary, a link to each version's home page and to its llms.txt. Shown in the frame of `view`, the
 * default library's latest version.
 */
export function renderLibrariesPage(view: SiteView): string {
  const libraries = librariesInOrder(view.catalog);
  const main = html`<div class="home prose">
<h1>Libraries</h1>
<p class="summary">${libraries.length === 1 ? 'The library' : `The ${libraries.length} libraries`} this service documents, each at the versions it serves. The API takes the same ids and versions as <code>library</code> and <code>version</code> (<a href="/api/libraries">/api/libraries</a>).</p>
${renderLibraryCards(libraries)}
</div>`;
  return renderLayout(view, {
    title: 'Libraries',
    description: 'Every library and version this documentation service serves.',
    main,
    wide: true,
  });
}

/** What a request under `/libraries/` named that the catalog lacks. */
export type MissingLibrary =
  | { readonly kind: 'library'; readonly name: string; readonly suggestions: readonly Library[] }
  | { readonly kind: 'version'; readonly name: string; readonly library: Library };

/**
 * The 404 page of `/libraries/{id}/{version}/…` naming a library or version that is not served: the
 * closest libraries, or the versions the library has, each linked, and the list of every library.
 * The name asked for is repeated cut to 60 characters, so the page never reflects a long url back.
 */
export function renderMissingLibraryPage(view: SiteView, missing: MissingLibrary): string {
  const cut = missing.name.slice(0, shownLength).replace(/[\uD800-\uDBFF]$/, '');
  const shown = missing.name.length <= shownLength ? missing.name : `${cut}…`;
  const main =
    missing.kind === 'library'
      ? html`<div class="prose not-found">
<h1>No library named “${shown}”</h1>
${
  missing.suggestions.length > 0
    ? html`<p>Did you mean:</p>
<ul>
${missing.suggestions.map((library) => html`<li><a href="${homeOf(library.latest)}">${library.title}</a> (<code>${library.id}</code>)</li>\n`)}</ul>`
    : html`<p>No library has a similar name.</p>`
}
<p>The libraries served:</p>
${renderLibraryCards(librariesInOrder(view.catalog))}
</div>`
      : html`<div class="prose not-found">
<h1>${missing.library.title} has no version “${shown}”</h1>
<p>Send a version it has, or a range such as <code>4</code> or <code>^4.2</code> that one of them fits; <code>latest</code> is the newest.</p>
${renderLibraryCards([missing.library])}
<p>Other libraries are listed on <a href="/libraries">the libraries page</a>.</p>
</div>`;
  return renderLayout(view, {
    title: missing.kind === 'library' ? 'Library not found' : 'Version not found',
    description: missing.kind === 'library' ? 'No library has this name.' : 'The library has no such version.',
    main,
    wide: true,
  });
}

function renderLibraryCards(libraries: readonly Library[]): Html {
  return html`<ul class="cards libraries">
${libraries.map(
  (library) => html`<li id="library-${library.id}">
<a href="${homeOf(library.latest)}">${library.title}</a>${library.summary ? html`<p>${library.summary}</p>` : ''}
<p class="library-versions">Versions: ${library.versions.map((version, index) => html`${index > 0 ? ', ' : ''}<a href="${homeOf(version)}">${version.version}</a>`)} · <a href="${library.latest.base}/llms.txt">llms.txt</a></p>
</li>
`,
)}</ul>`;
}
