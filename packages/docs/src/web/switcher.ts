import type { LibraryVersion } from '../library/catalog.js';
import { html, type Html } from './html.js';
import { librariesInOrder, offersChoice, type SiteView } from './site-view.js';

/**
 * Where a page leads in another version of its library: the same page when that version has it (a
 * document of the same slug, the same search), else that version's home page.
 */
export type SamePageIn = (version: LibraryVersion) => string;

/** A version's home page. */
export function homeOf(version: LibraryVersion): string {
  return `${version.base}/`;
}

/**
 * The bar under the header naming the library being read, its versions (the one shown marked with
 * `aria-current`) and the other libraries, as plain links so that it works without JavaScript. Empty
 * when the service serves a single version of a single library, so such a site renders as before.
 */
export function renderSwitcher(view: SiteView, samePageIn: SamePageIn = homeOf): Html {
  const { catalog, library, version: current } = view;
  if (!offersChoice(catalog)) return html``;
  const others = librariesInOrder(catalog).filter((other) => other !== library);
  return html`<nav class="switcher" aria-label="Libraries and versions">
<span class="switcher-label">Library</span> <strong class="switcher-library">${library.title}</strong>
<span class="switcher-label" id="switcher-versions">Version</span>
<ul class="switcher-list" aria-labelledby="switcher-versions">
${library.versions.map(
  (version) =>
    html`<li><a href="${samePageIn(version)}"${version === current ? html` aria-current="true"` : ''}>${version.version}</a></li>\n`,
)}</ul>
${
  others.length === 0
    ? ''
    : html`<span class="switcher-label" id="switcher-libraries">Other libraries</span>
<ul class="switcher-list" aria-labelledby="switcher-libraries">
${others.map((other) => html`<li><a href="${homeOf(other.latest)}">${other.title}</a></li>\n`)}</ul>
`
}<a class="switcher-all" href="/libraries">All libraries</a>
</nav>
`;
}
