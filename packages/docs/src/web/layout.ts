import type { Content, Document } from '../content/index.js';
import type { AssetSet } from './assets.js';
import { html, type Html } from './html.js';

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
}

/**
 * The HTML document around every page: header with the search box, the navigation by group, the
 * page's content and a footer. The search box is a plain form to `/search`, which the client script
 * turns into instant search; without JavaScript the form still works.
 */
export function renderLayout(content: Content, assets: AssetSet, frame: PageFrame): string {
  const site = content.site;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title === site.title ? site.title : `${frame.title} · ${site.title} docs`}</title>
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
<a class="brand" href="/">${site.title} <span>docs</span></a>
<form class="search" action="/search" method="get" role="search">
<label class="visually-hidden" for="search-input">Search the documentation</label>
<input id="search-input" name="q" type="search" value="${frame.query ?? ''}" placeholder="Search docs" autocomplete="off" spellcheck="false" maxlength="500">
<kbd class="search-key" aria-hidden="true">/</kbd>
<div id="search-results" class="search-results" hidden></div>
</form>
<nav class="top-links" aria-label="Site">
${frame.wide ? '' : html`<a class="menu-link" href="#site-nav">Menu</a>`}
<a href="/api-reference">API</a>
<a href="/llms.txt">llms.txt</a>
</nav>
</header>
<div class="frame${frame.wide ? ' wide' : ''}">
${frame.wide ? '' : renderNavigation(content, frame.currentSlug)}
<main id="main" tabindex="-1">
${frame.main}
</main>
</div>
<footer class="bottom">
<p>${site.title} documentation · <a href="/llms.txt">llms.txt</a> · <a href="/llms-full.txt">llms-full.txt</a> · <a href="/openapi.json">OpenAPI</a> · <a href="/api-reference">API reference</a></p>
</footer>
</body>
</html>
`;
  return page.toString();
}

/** The sidebar: every document under its group, in navigation order. */
export function renderNavigation(content: Content, currentSlug: string | undefined): Html {
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
${documents.map((document) => html`<li><a href="${document.url}"${document.slug === currentSlug ? html` aria-current="page"` : ''}>${document.label}</a></li>\n`)}</ul>
`;
})}</nav>`;
}
