import { KitError, type KitApp } from '@kit/kit-core';
import { chooseLibrary, chooseVersion, relinkMarkdown } from '../api/library-choice.js';
import { suggest } from '../api/suggest.js';
import type { UrlMaker } from '../api/urls.js';
import { documentMarkdown, type Document } from '../content/index.js';
import type { Catalog, Library, LibraryVersion } from '../library/catalog.js';
import type { ContentStore } from '../service/state.js';
import { renderApiReferencePage } from './api-reference-page.js';
import { loadAssets, type AssetSet } from './assets.js';
import { renderDocumentPage } from './document-page.js';
import { renderHomePage } from './home-page.js';
import { renderLibrariesPage, renderMissingLibraryPage, type MissingLibrary } from './libraries-page.js';
import { renderLlmsFullTxt, renderLlmsTxt } from './llms-txt.js';
import { prefersMarkdown } from './markdown-negotiation.js';
import { renderNotFoundPage } from './not-found-page.js';
import { serveMedia } from './media.js';
import { PageCache, prepareBody } from './page-cache.js';
import { sendBody } from './respond.js';
import { renderSearchPage } from './search-page.js';
import { contentOf, siteView, type SiteView } from './site-view.js';
import { homeOf } from './switcher.js';

/** Options of the website. */
export interface WebRoutesOptions {
  /** Makes urls absolute under the public base url when one is configured. */
  readonly url: UrlMaker;
  /** Most pages kept rendered, over every library version (default 500). */
  readonly maxCachedPages?: number;
  /** The static files; loaded from the package when not given. */
  readonly assets?: AssetSet;
}

/** What `registerWebRoutes` gives back, for tests and measurements. */
export interface WebRoutes {
  readonly cache: PageCache;
  readonly assets: AssetSet;
}

const htmlType = 'text/html; charset=utf-8';
const markdownType = 'text/markdown; charset=utf-8';
const textType = 'text/plain; charset=utf-8';
const immutable = 'public, max-age=31536000, immutable';
/** The first segments of a version's site, which `/libraries/{id}/` followed by one of them leads to in the latest version. */
const sitePaths = new Set(['docs', 'search', 'llms.txt', 'llms-full.txt', 'media']);

/**
 * Adds the website and the agent conventions to the app: `/` and `/docs/{slug}` pages (a slug may
 * hold `/`: `/docs/api/context`), `/search`,
 * `/api-reference`, `/llms.txt`, `/llms-full.txt`, `/docs/{slug}.md` (and `Accept: text/markdown` on
 * `/docs/{slug}`), `/media/*` (the documents' images) and `/assets/*`, for the default library's
 * latest version; the same site of every library version under `/libraries/{id}/{version}/`, where
 * the version may be a label, a range (`4`, `^4.2`) or `latest`; and `/libraries`, the list of them.
 * Pages are rendered once per catalog and library version and kept in memory; call before the app
 * serves its first request.
 */
export function registerWebRoutes(app: KitApp, store: ContentStore, options: WebRoutesOptions): WebRoutes {
  const assets = options.assets ?? loadAssets();
  const cache = new PageCache(options.maxCachedPages);
  // The catalog is read once per request and the cache is keyed on that same catalog, so a reload in
  // between can never file one catalog's page under the other's.
  const cached = (view: SiteView, key: string, build: () => string) =>
    cache.get(catalogKey(view.catalog), `${view.version.library}@${view.version.version} ${key}`, build);
  const rootView = () => {
    const { catalog } = store;
    return siteView(catalog, catalog.defaultLibrary.latest, assets);
  };
  const page = { contentType: htmlType, page: true } as const;

  /** Answers `path` (below the version's base, still percent-encoded) of the version `view` shows. */
  const serveSite = (request: Request, view: SiteView, path: string): Response => {
    if (path === '/')
      return sendBody(
        request,
        cached(view, 'home', () => renderHomePage(view)),
        page,
      );
    // Slugs keep their folders (`api/context`), so a document's path is everything after /docs/.
    if (path === '/docs' || path.startsWith('/docs/')) return serveDocument(request, view, decodePath(path.slice('/docs/'.length)));
    if (path === '/search') {
      const query = new URL(request.url).searchParams.get('q') ?? '';
      return sendBody(request, prepareBody(renderSearchPage(view, query)), page);
    }
    if (path === '/llms.txt' || path === '/llms-full.txt') {
      const url = absoluteUrls(options.url, request);
      const full = path === '/llms-full.txt';
      return sendBody(
        request,
        cached(view, `${full ? 'llms-full' : 'llms'}:${url('')}`, () =>
          full ? renderLlmsFullTxt(contentOf(view), url, view) : renderLlmsTxt(contentOf(view), url, view),
        ),
        { contentType: textType },
      );
    }
    // The images the documents show, from the content folder (links to them were rewritten at load).
    if (path === '/media' || path.startsWith('/media/'))
      return serveMedia(request, contentOf(view), decodePath(path.slice('/media/'.length)), view.version.base);
    const name = decodePath(path.slice(1));
    return sendBody(
      request,
      cached(view, `missing:${name}`, () => renderNotFoundPage(view, name)),
      { ...page, status: 404 },
    );
  };

  const serveDocument = (request: Request, view: SiteView, name: string): Response => {
    const { content, documents } = view.version.state;
    const base = view.version.base;
    const markdownOf = (document: Document) => relinkMarkdown(documentMarkdown(document), view.version);
    if (name.endsWith('.md')) {
      const document = documents.get(name.slice(0, -3));
      if (document)
        return sendBody(
          request,
          cached(view, `md:${document.slug}`, () => markdownOf(document)),
          { contentType: markdownType },
        );
    } else {
      const document = documents.get(name);
      if (document && prefersMarkdown(request.headers.get('accept'))) {
        return sendBody(
          request,
          cached(view, `md:${document.slug}`, () => markdownOf(document)),
          { contentType: markdownType, vary: ['Accept'] },
        );
      }
      if (document) {
        return sendBody(
          request,
          cached(view, `doc:${document.slug}`, () => renderDocumentPage(view, document)),
          {
            ...page,
            vary: ['Accept'],
            headers: { Link: `<${base}${document.url}.md>; rel="alternate"; type="text/markdown"` },
          },
        );
      }
    }
    const slug = name.replace(/\.md$/, '');
    if (name.endsWith('.md') || prefersMarkdown(request.headers.get('accept'))) {
      return sendBody(
        request,
        prepareBody(
          missingMarkdown(
            slug,
            content.documents.map((d) => d.slug),
            base,
          ),
        ),
        { contentType: textType, status: 404 },
      );
    }
    return sendBody(
      request,
      cached(view, `missing:${slug}`, () => renderNotFoundPage(view, slug)),
      { ...page, status: 404 },
    );
  };

  /**
   * `/libraries/{id}/{version}/…`: the site of that version, after the library (by id or alias) and
   * the version (a label, a range or `latest`) are resolved; a library without a version leads to
   * its latest, a version without its trailing slash to the home page with it.
   */
  const serveLibrary = (request: Request): Response => {
    const view = rootView();
    const { catalog } = view;
    const url = new URL(request.url);
    const [name = '', label, ...rest] = url.pathname.slice('/libraries/'.length).split('/');
    if (name === '' && label === undefined)
      return sendBody(
        request,
        cached(view, 'libraries', () => renderLibrariesPage(view)),
        page,
      );
    let library: Library;
    try {
      library = chooseLibrary(catalog, decodePath(name));
    } catch (error) {
      if (!(error instanceof KitError)) throw error;
      const suggestions = error.suggestions.flatMap((id) => catalog.byId.get(id) ?? []);
      return missingLibrary(request, view, { kind: 'library', name: decodePath(name), suggestions }, error);
    }
    if (label === undefined || (label === '' && rest.length === 0)) return redirect(homeOf(library.latest), 302);
    // A site path without a version (`/libraries/hono/llms.txt`) means the latest version's, unless a version has that name.
    if (sitePaths.has(label) && !library.versions.some((version) => version.version === label))
      return redirect(`${library.latest.base}/${[label, ...rest].join('/')}${url.search}`, 302);
    let version: LibraryVersion;
    try {
      version = chooseVersion(catalog, { library: library.id, version: decodePath(label) });
    } catch (error) {
      if (!(error instanceof KitError)) throw error;
      return missingLibrary(
        request,
        siteView(catalog, library.latest, assets),
        { kind: 'version', name: decodePath(label), library },
        error,
      );
    }
    if (rest.length === 0) return redirect(`${url.pathname}/${url.search}`, 301);
    return serveSite(request, siteView(catalog, version, assets), `/${rest.join('/')}`);
  };

  /** A library or version that is not served: plain text for agents (Markdown, llms.txt), else the 404 page naming what exists. */
  const missingLibrary = (request: Request, view: SiteView, missing: MissingLibrary, error: KitError): Response => {
    const path = new URL(request.url).pathname;
    if (/\.(?:md|txt)$/.test(path) || prefersMarkdown(request.headers.get('accept'))) {
      return sendBody(request, prepareBody(`${error.message} Every library is listed in /llms.txt and at /libraries.\n`), {
        contentType: textType,
        status: 404,
      });
    }
    return sendBody(request, prepareBody(renderMissingLibraryPage(view, missing)), { ...page, status: 404 });
  };

  app.get('/', (request) => serveSite(request, rootView(), '/'));
  app.get('/docs/*', (request) => serveSite(request, rootView(), new URL(request.url).pathname));
  app.get('/search', (request) => serveSite(request, rootView(), '/search'));
  app.get('/llms.txt', (request) => serveSite(request, rootView(), '/llms.txt'));
  app.get('/llms-full.txt', (request) => serveSite(request, rootView(), '/llms-full.txt'));
  app.get('/media/*', (request) => serveSite(request, rootView(), new URL(request.url).pathname));

  app.get('/api-reference', (request) => {
    const view = rootView();
    return sendBody(
      request,
      cached(view, 'api-reference', () => renderApiReferencePage(view)),
      page,
    );
  });

  // Before `/libraries/*`, which would match `/libraries` too.
  app.get('/libraries', (request) => {
    const view = rootView();
    return sendBody(
      request,
      cached(view, 'libraries', () => renderLibrariesPage(view)),
      page,
    );
  });
  app.get('/libraries/*', serveLibrary);

  app.get('/assets/:file', (request) => {
    const asset = assets.byServedName(lastSegment(request));
    if (!asset) {
      return new Response('No such asset: asset names change with their content; reload the page that linked it.\n', {
        status: 404,
        headers: { 'Content-Type': textType, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
      });
    }
    return sendBody(request, asset.prepared(), { contentType: asset.contentType, cacheControl: immutable });
  });

  return { cache, assets };
}

/** The 404 an agent asking for Markdown gets: plain text naming the closest documents and the index. */
function missingMarkdown(slug: string, slugs: readonly string[], base: string): string {
  const near = suggest(slug, slugs);
  const hint = near.length > 0 ? ` Did you mean ${near.map((s) => `${base}/docs/${s}.md`).join(' or ')}?` : '';
  return `No document named ${JSON.stringify(slug.slice(0, 100))}.${hint} Every document is listed in ${base}/llms.txt.\n`;
}

/** A redirect within the site; `no-cache` since where a library's latest version is changes on reload. */
function redirect(location: string, status: 301 | 302): Response {
  return new Response(null, {
    status,
    headers: { Location: location, 'Cache-Control': status === 301 ? 'public, max-age=3600' : 'no-cache' },
  });
}

const catalogKeys = new WeakMap<Catalog, string>();
let catalogsSeen = 0;

/** A key of its own for each catalog served: a reload makes a new catalog, and the page cache starts over. */
function catalogKey(catalog: Catalog): string {
  let key = catalogKeys.get(catalog);
  if (key === undefined) {
    key = String(++catalogsSeen);
    catalogKeys.set(catalog, key);
  }
  return key;
}

/** A percent-encoded path decoded, or left as it is when it does not decode. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function lastSegment(request: Request): string {
  const path = new URL(request.url).pathname;
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * llms.txt readers fetch its links as they are, so they are absolute: under the public base url when
 * one is configured, else under the origin the request came to.
 */
function absoluteUrls(url: UrlMaker, request: Request): UrlMaker {
  const origin = new URL(request.url).origin;
  return (path) => {
    const made = url(path);
    return made.startsWith('/') || made === '' ? `${origin}${made}` : made;
  };
}
