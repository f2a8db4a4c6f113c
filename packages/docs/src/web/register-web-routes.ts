import type { KitApp } from '@kit/kit-core';
import { suggest } from '../api/suggest.js';
import type { UrlMaker } from '../api/urls.js';
import { documentMarkdown } from '../content/index.js';
import type { ContentStore } from '../service/state.js';
import { renderApiReferencePage } from './api-reference-page.js';
import { loadAssets, type AssetSet } from './assets.js';
import { renderDocumentPage } from './document-page.js';
import { renderHomePage } from './home-page.js';
import { renderLlmsFullTxt, renderLlmsTxt } from './llms-txt.js';
import { prefersMarkdown } from './markdown-negotiation.js';
import { renderNotFoundPage } from './not-found-page.js';
import { serveMedia } from './media.js';
import { PageCache, prepareBody } from './page-cache.js';
import { sendBody } from './respond.js';
import { renderSearchPage } from './search-page.js';

/** Options of the website. */
export interface WebRoutesOptions {
  /** Makes urls absolute under the public base url when one is configured. */
  readonly url: UrlMaker;
  /** Most pages kept rendered per content version (default 500). */
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

/**
 * Adds the website and the agent conventions to the app: `/` and `/docs/{slug}` pages (a slug may
 * hold `/`: `/docs/api/context`), `/search`,
 * `/api-reference`, `/llms.txt`, `/llms-full.txt`, `/docs/{slug}.md` (and `Accept: text/markdown` on
 * `/docs/{slug}`), `/media/*` (the documents' images) and `/assets/*`. Pages are rendered once per content version and kept in memory;
 * call before the app serves its first request.
 */
export function registerWebRoutes(app: KitApp, store: ContentStore, options: WebRoutesOptions): WebRoutes {
  const assets = options.assets ?? loadAssets();
  const cache = new PageCache(options.maxCachedPages);
  const cached = (key: string, build: () => string) => cache.get(store.current.content.version, key, build);
  const page = { contentType: htmlType, page: true } as const;

  app.get('/', (request) =>
    sendBody(
      request,
      cached('home', () => renderHomePage(store.current.content, assets)),
      page,
    ),
  );

  // Slugs keep their folders (`api/context`), so a document's path is everything after /docs/.
  app.get('/docs/*', (request) => {
    const { content, documents } = store.current;
    const name = pathAfter(request, '/docs/');
    if (name.endsWith('.md')) {
      const document = documents.get(name.slice(0, -3));
      if (document)
        return sendBody(
          request,
          cached(`md:${document.slug}`, () => documentMarkdown(document)),
          { contentType: markdownType },
        );
    } else {
      const document = documents.get(name);
      if (document && prefersMarkdown(request.headers.get('accept'))) {
        return sendBody(
          request,
          cached(`md:${document.slug}`, () => documentMarkdown(document)),
          { contentType: markdownType, vary: ['Accept'] },
        );
      }
      if (document) {
        return sendBody(
          request,
          cached(`doc:${document.slug}`, () => renderDocumentPage(content, assets, document)),
          {
            ...page,
            vary: ['Accept'],
            headers: { Link: `<${document.url}.md>; rel="alternate"; type="text/markdown"` },
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
          ),
        ),
        { contentType: textType, status: 404 },
      );
    }
    return sendBody(
      request,
      cached(`missing:${slug}`, () => renderNotFoundPage(content, assets, slug)),
      { ...page, status: 404 },
    );
  });

  app.get('/search', (request) => {
    const query = new URL(request.url).searchParams.get('q') ?? '';
    const { content, search } = store.current;
    return sendBody(request, prepareBody(renderSearchPage(content, assets, search, query)), page);
  });

  app.get('/api-reference', (request) =>
    sendBody(
      request,
      cached('api-reference', () => renderApiReferencePage(store.current.content, assets)),
      page,
    ),
  );

  app.get('/llms.txt', (request) => {
    const url = absoluteUrls(options.url, request);
    return sendBody(
      request,
      cached(`llms:${url('')}`, () => renderLlmsTxt(store.current.content, url)),
      { contentType: textType },
    );
  });
  app.get('/llms-full.txt', (request) => {
    const url = absoluteUrls(options.url, request);
    return sendBody(
      request,
      cached(`llms-full:${url('')}`, () => renderLlmsFullTxt(store.current.content, url)),
      { contentType: textType },
    );
  });

  // The images the documents show, from the content folder (links to them were rewritten at load).
  app.get('/media/*', (request) => serveMedia(request, store.current.content, pathAfter(request, '/media/')));

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
function missingMarkdown(slug: string, slugs: readonly string[]): string {
  const near = suggest(slug, slugs);
  const hint = near.length > 0 ? ` Did you mean ${near.map((s) => `/docs/${s}.md`).join(' or ')}?` : '';
  return `No document named ${JSON.stringify(slug.slice(0, 100))}.${hint} Every document is listed in /llms.txt.\n`;
}

/** The decoded path after `prefix` (`/docs/api/context` gives `api/context`). */
function pathAfter(request: Request, prefix: string): string {
  const path = new URL(request.url).pathname.slice(prefix.length);
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
