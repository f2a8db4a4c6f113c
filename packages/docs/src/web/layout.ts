import type { Document } from '../content/index.js';
import { html, type Html } from './html.js';
import { contentOf, isRootView, linkIn, siteTitleOf, type SiteView } from './site-view.js';
import { renderSwitcher, type SamePageIn } from './switcher.js';

/** What one page puts into the shared frame. */
export interface PageFrame {
  /** The page's own title; the site title is appended. */
  readonly title: string;
  readonly description: string;
  /** The page's main content, inside `<main>`. */
  readonly main: Html;
  /** Slug of the document shown, marked current in the navigation. */
  readonly currentSlug?: string;
  /** Query to show in the header search box. */
  readonly query?: string;
  /** Extra elements at the end of `<head>` (alternate links, the renderer's stylesheet). */
  readonly head?: Html;
  /** Extra scripts, loaded after the site's own. */
  readonly scripts?: readonly string[];
  /** Leaves out the navigation sidebar (the API reference needs the full width). */
  readonly wide?: boolean;
  /** Where the switcher's version links lead; each version's home page when not given. */
  readonly samePageIn?: SamePageIn;
}

/**
 * The HTML document around every page: header with the search box, the library and version switcher
 * when the service offers a choice, the navigation by group, the page's content and a footer. The
 * search box is a plain form to the version's `/search`, which the client script turns into instant
 * search (of the library and version its `data-` attributes name); without JavaScript the form still
 * works. Every link leads within the version shown, except those to the service's own API.
 */
export function renderLayout(view: SiteView, frame: PageFrame): string {
  const { assets } = view;
  const title = siteTitleOf(view);
  // The default library's latest version keeps its markup exactly; other versions name themselves to instant search.
  const scope = isRootView(view) ? '' : html` data-library="${view.version.library}" data-version="${view.version.version}"`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title === title ? title : `${frame.title} · ${title} docs`}</title>
<meta name="description" content="${frame.description}">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets.url('styles.css')}">
<script type="module" src="${assets.url('client.js')}"></script>
${frame.scripts?.map((src) => html`<script defer src="${src}"></script>\n`)}${frame.head}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<a class="brand" href="${linkIn(view, '/')}">${title} <span>docs</span></a>
<form class="search" action="${linkIn(view, '/search')}" method="get" role="search"${scope}>
<label class="visually-hidden" for="search-input">Search the documentation</label>
<input id="search-input" name="q" type="search" value="${frame.query ?? ''}" placeholder="Search docs" autocomplete="off" spellcheck="false" maxlength="500">
<kbd class="search-key" aria-hidden="true">/</kbd>
<div id="search-results" class="search-results" hidden></div>
</form>
<nav class="top-links" aria-label="Site">
${frame.wide ? '' : html`<a class="menu-link" href="#site-nav">Menu</a>`}
<a href="/api-reference">API</a>
<a href="${linkIn(view, '/llms.txt')}">llms.txt</a>
</nav>
</header>
${renderSwitcher(view, frame.samePageIn)}<div class="frame${frame.wide ? ' wide' : ''}">
${frame.wide ? '' : renderNavigation(view, frame.currentSlug)}
<main id="main" tabindex="-1">
${frame.main}
</main>
</div>
<footer class="bottom">
<p>${title} documentation · <a href="${linkIn(view, '/llms.txt')}">llms.txt</a> · <a href="${linkIn(view, '/llms-full.txt')}">llms-full.txt</a> · <a href="/openapi.json">OpenAPI</a> · <a href="/api-reference">API reference</a></p>
</footer>
</body>
</html>
`;
  return page.toString();
}

/** The sidebar: every document under its group, in navigation order, linked within the view's version. */
export function renderNavigation(view: SiteView, currentSlug: string | undefined): Html {
  const content = contentOf(view);
  const byGroup = new Map<string, Document[]>();
  for (const document of content.documents) {
    const list = byGroup.get(document.group) ?? [];
    list.push(document);
    byGroup.set(document.group, list);
  }
  const groups = [...content.site.groups, ...[...byGroup.keys()].filter((group) => !content.site.groups.includes(group))];
  return html`<nav id="site-nav" class="sidebar" aria-label="Documentation">
${groups.map((group) => {
  const documents = byGroup.get(group) ?? [];
  if (documents.length === 0) return '';
  return html`<h2>${group}</h2>
<ul>
${documents.map((document) => html`<li><a href="${linkIn(view, document.url)}"${document.slug === currentSlug ? html` aria-current="page"` : ''}>${document.label}</a></li>\n`)}</ul>
`;
})}</nav>`;
}
