import { QUERIES } from '../search/queries.js';

/** The request targets of the benchmark, from the running service's own document list. */
export interface Workload {
  readonly health: readonly string[];
  readonly docs: readonly string[];
  readonly search: readonly string[];
  /** Searches that miss the response cache: each query with every limit, more than the cache holds. */
  readonly searchUncached: readonly string[];
  readonly page: readonly string[];
  readonly pageNote: string;
  /** A mix of all, for the soak. */
  readonly mixed: readonly string[];
}

/** Real queries: the judged query set of the search benchmark, with their topics. */
export function searchTargets(limit?: number): string[] {
  return QUERIES.map((query) => {
    const params = new URLSearchParams({ q: query.q });
    if (query.topic) params.set('topic', query.topic);
    if (limit !== undefined) params.set('limit', String(limit));
    return `/api/search?${params.toString()}`;
  });
}

export async function buildWorkload(base: string): Promise<Workload> {
  const list = (await (await fetch(`${base}/api/docs`)).json()) as { documents: { slug: string }[] };
  const slugs = list.documents.map((document) => document.slug);
  const page = await fetch(`${base}/docs/${slugs[0]}`);
  const hasPages = page.ok && (page.headers.get('content-type') ?? '').startsWith('text/html');
  await page.arrayBuffer();
  const pages = hasPages ? slugs.map((slug) => `/docs/${slug}`) : ['/openapi.json'];
  const docs = slugs.map((slug) => `/api/docs?slug=${slug}`);
  const search = searchTargets();
  const searchUncached = Array.from({ length: 50 }, (_, index) => searchTargets(index + 1)).flat();
  const mixed: string[] = [];
  for (let index = 0; index < 200; index++) {
    mixed.push(
      index % 4 === 0
        ? '/api/health'
        : index % 4 === 1
          ? docs[index % docs.length]!
          : index % 4 === 2
            ? search[index % search.length]!
            : pages[index % pages.length]!,
    );
  }
  return {
    health: ['/api/health'],
    docs,
    search,
    searchUncached,
    page: pages,
    pageNote: hasPages
      ? `The page view is the website's \`/docs/{slug}\` HTML page, rotating over all ${slugs.length} documents.`
      : "The website's `/docs/{slug}` page was not served yet when this was measured, so the page-view row measures `/openapi.json` instead.",
    mixed,
  };
}
