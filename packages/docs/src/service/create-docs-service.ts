import { createKitApp, type KitApp, type KitConfig } from '@kit/kit-core';
import { agentCardEndpoint, agentCardPaths, createA2AHandler, createMcpServer, type A2AHandler, type KitMcpServer } from '@kit/kit-agent';
import { documentMarkdown, type Content } from '../content/index.js';
import type { Catalog } from '../library/catalog.js';
import { docsRoute } from '../api/docs-route.js';
import { librariesRoute } from '../api/libraries-route.js';
import { chooseVersion, relinkMarkdown } from '../api/library-choice.js';
import { examplesRoute } from '../api/examples-route.js';
import { healthRoute } from '../api/health-route.js';
import { searchRoute } from '../api/search-route.js';
import { urlMaker } from '../api/urls.js';
import { registerWebRoutes } from '../web/register-web-routes.js';
import { ContentStore } from './state.js';

/**
 * Version of the HTTP interface, as the OpenAPI document states it.
 *
 * @example
 * ```ts
 * import { apiVersion } from '@kit/docs';
 *
 * console.log(apiVersion); // 0.1.0
 * ```
 */
export const apiVersion = '0.1.0';

/** Options of the service. */
export interface DocsServiceOptions {
  /** Makes every url absolute under this base (`https://docs.example.com`). */
  readonly publicBaseUrl?: string;
  /** Hosts allowed to reach `/mcp` (DNS rebinding protection); default: loopback names only when bound to loopback. */
  readonly allowedHosts?: readonly string[];
  /** Settings passed on to the app: the response cache, rate limits and their store, the client key, middleware, the body timeout. */
  readonly kit?: Pick<
    KitConfig,
    'responseCache' | 'middleware' | 'rateLimit' | 'rateLimitStore' | 'clientKey' | 'onRateLimitError' | 'onError' | 'bodyTimeoutMs'
  >;
}

/** The assembled service: the HTTP app (API, OpenAPI, MCP, A2A) over a swappable content store. */
export interface DocsService {
  readonly app: KitApp;
  readonly mcp: KitMcpServer;
  /** The A2A JSON-RPC endpoint, mounted at `POST /a2a`. */
  readonly a2a: A2AHandler;
  readonly store: ContentStore;
}

/** The first sentence of a summary, for the one-line descriptions of the service. */
function firstSentence(text: string): string {
  const match = /^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim());
  return (match ? match[0] : text.trim()).replace(/\s+/g, ' ');
}

/**
 * How the service describes itself to programs (OpenAPI, MCP, the agent card): with the title and
 * summary of the documentation it serves, so agents know what they can ask it whatever folder it serves.
 */
function selfDescriptions(catalog: Catalog) {
  const site = catalog.defaultLibrary.latest.state.content.site;
  const about = `${site.title} documentation`;
  const others = catalog.libraries.filter((library) => !library.isDefault);
  const more =
    others.length === 0
      ? ''
      : ` It also documents ${others.map((library) => library.title).join(', ')}: resolve a library name to its id with get_api_libraries (name), then send library (and version, such as 4 or ^4.2) to the other tools; library "*" searches all of them.`;
  return {
    openapi: `Documentation query service of the ${about}${others.length > 0 ? ` and ${others.length} more libraries` : ''}: list and read documents and sections, fetch code examples by topic, and search sections ranked by relevance, for a library and version of your choice.`,
    mcp: `The ${about}. ${firstSentence(site.summary)} Use get_api_search to find the section that answers a question, get_api_docs to read a document or section, and get_api_examples for complete code examples by topic; tokens caps an answer's size.${more}`,
    agentCard: `The ${about}. ${firstSentence(site.summary)} Send a question as plain text to search it (get_api_search), or name a skill in message.metadata.skill or a data part {"skill": …, "input": {…}}: get_api_docs reads a document or section, get_api_examples returns complete code examples by topic, get_api_libraries lists the libraries and versions served.${more}`,
  };
}

/** Example requests of each skill, as the card lists them: plain text or a data-part envelope. */
const skillExamples = {
  get_api_search: ['how do I resume a paused run', '{"skill": "get_api_search", "input": {"q": "maxIterations default", "limit": 3}}'],
  get_api_docs: [
    '{"skill": "get_api_docs", "input": {"slug": "core-concepts", "section": "defineAPI"}}',
    '{"skill": "get_api_docs", "input": {}}',
  ],
  get_api_examples: ['{"skill": "get_api_examples", "input": {"topic": "defineModel", "limit": 2}}'],
  get_api_health: ['{"skill": "get_api_health"}'],
  get_api_libraries: ['{"skill": "get_api_libraries", "input": {"name": "hono"}}', '{"skill": "get_api_libraries"}'],
};

/**
 * Wires content, search and API together. Content is loaded and validated before this is called;
 * from here on nothing reads the disk.
 *
 * @example
 * ```ts
 * import { createDocsService, loadContent } from '@kit/docs';
 *
 * const service = createDocsService(await loadContent('./my-docs'), { publicBaseUrl: 'https://docs.example.com' });
 * const server = await service.app.listen({ port: 3000 });
 * console.log(`listening on ${server.port}`);
 * ```
 */
export function createDocsService(content: Content | Catalog, options: DocsServiceOptions = {}): DocsService {
  const store = new ContentStore(content);
  const url = urlMaker(options.publicBaseUrl);
  const describe = selfDescriptions(store.catalog);
  const app = createKitApp({
    info: {
      title: 'kit docs',
      version: apiVersion,
      description: describe.openapi,
    },
    routes: {
      'GET /api/docs': docsRoute(store, url),
      'GET /api/examples': examplesRoute(store, url),
      'GET /api/health': healthRoute(store),
      'GET /api/libraries': librariesRoute(store, url),
      'GET /api/search': searchRoute(store, url),
    },
    ...options.kit,
  });
  const mcp = createMcpServer({
    registry: app.registry,
    name: 'kit-docs',
    version: apiVersion,
    instructions: describe.mcp,
    resources: () =>
      store.current.content.documents.map((document) => ({
        uri: `kit-docs://docs/${document.slug}`,
        name: document.slug,
        title: document.title,
        description: document.summary,
        mimeType: 'text/markdown',
        read: () => documentMarkdown(document),
      })),
    // A slug may hold `/` (`api/context`): its resource is kit-docs://docs/api/context, and a client
    // that fills the template in escapes it (kit-docs://docs/api%2Fcontext), which reads the same.
    resourceTemplates: [
      {
        uriTemplate: 'kit-docs://docs/{slug}',
        name: 'document',
        description: 'One document of the documentation, as Markdown.',
        mimeType: 'text/markdown',
        read: ({ slug }) => {
          const document = slug === undefined ? undefined : store.current.documents.get(slug);
          return document ? documentMarkdown(document) : undefined;
        },
      },
      {
        // `{+slug}` keeps the slashes of a slug in folders (`guides/middleware`) as they are.
        uriTemplate: 'kit-docs://libraries/{library}/{version}/docs/{+slug}',
        name: 'library-document',
        description:
          'One document of a library at a version (a label, a range such as 4, or latest), as Markdown, e.g. kit-docs://libraries/hono/4/docs/guides/middleware; get_api_libraries lists the libraries.',
        mimeType: 'text/markdown',
        read: ({ library, version, slug }) => {
          if (library === undefined || slug === undefined) return undefined;
          try {
            const chosen = chooseVersion(store.catalog, { library, ...(version === undefined ? {} : { version }) });
            const document = chosen.state.documents.get(slug);
            return document ? relinkMarkdown(documentMarkdown(document), chosen) : undefined;
          } catch {
            return undefined;
          }
        },
      },
    ],
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  });
  const openapi = JSON.stringify(app.openapi());
  app.get(
    '/openapi.json',
    () => new Response(openapi, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' } }),
  );
  app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request) => mcp.handleHttp(request));
  const a2a = createA2AHandler({ registry: app.registry, textSkill: 'get_api_search' });
  app.mount('/a2a', ['POST'], a2a);
  // Without a public base url the card's absolute urls are made from the address each request came by.
  const agentCard = agentCardEndpoint({
    registry: app.registry,
    name: 'kit-docs',
    description: describe.agentCard,
    endpointPath: url('/a2a'),
    documentationPath: url('/'),
    version: apiVersion,
    examples: skillExamples,
  });
  for (const path of agentCardPaths) app.get(path, agentCard);
  registerWebRoutes(app, store, { url });
  return { app, mcp, a2a, store };
}
