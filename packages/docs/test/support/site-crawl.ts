/**
 * Reading a running docs service the way a visitor does: every page reachable from a start list, the
 * links and images on each, and the generator syntax (containers, admonitions, tabs, MDX and JSX) that
 * must never reach a reader. Shared by the zero-configuration tests on the fixture folders and by the
 * page check on real documentation folders (bench/search-foreign/check-pages.ts).
 */

/** Generator syntax that must never reach a reader, outside code. */
const rawSyntax: readonly RegExp[] = [
  /:::/,
  /!!!/,
  /\?\?\? /,
  /=== "/,
  // MDX imports (`import Tabs from '@theme/Tabs'`), not the verb in prose ("import logic from a package").
  /\bimport\s+(?:\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s+(?:['"]|&#x27;|&#39;|&quot;)/,
  /\bexport (?:const|default)/,
  /<\/?(?:Tabs|TabItem|Aside|Admonition|Card|CardGrid|Badge)\b/,
  /&lt;\/?(?:Tabs|TabItem|Aside|Admonition|Card|CardGrid|Badge|details|summary)\b/,
  /\[!NOTE\]/,
  /\{#[\w-]+\}/,
  /\{\{/,
];

/** An HTML page without its code blocks, where code may legitimately show any syntax. */
function withoutCode(page: string): string {
  return page.replace(/<pre[\s\S]*?<\/pre>/g, '').replace(/<code>[\s\S]*?<\/code>/g, '');
}

/** The generator syntax left on a page (outside code), with a little of the text around each find. */
export function rawSyntaxOn(page: string): { readonly pattern: RegExp; readonly context: string }[] {
  const text = withoutCode(page);
  const found: { pattern: RegExp; context: string }[] = [];
  for (const pattern of rawSyntax) {
    const match = pattern.exec(text);
    if (match) found.push({ pattern, context: text.slice(Math.max(0, match.index - 60), match.index + 60).replace(/\s+/g, ' ') });
  }
  return found;
}

/** What a crawl saw: the bodies answered 200, the other answers, and the in-site anchors linked to. */
export interface CrawlResult {
  /** Path (with query) → body, for every URL answered 200. */
  readonly pages: ReadonlyMap<string, string>;
  /** Path → status, for every URL answered otherwise. */
  readonly failures: ReadonlyMap<string, number>;
  /** Images of the site that pages show (paths). */
  readonly images: ReadonlySet<string>;
  /** `[target path, anchor, page that links]` for every in-site link with a fragment. */
  readonly fragments: readonly (readonly [string, string, string])[];
}

/**
 * Fetches `start` and every in-site page and image they link to, transitively, from `base` (the
 * service's origin). Only HTML answers are read for links.
 */
export async function crawlSite(base: string, start: readonly string[]): Promise<CrawlResult> {
  const pages = new Map<string, string>();
  const failures = new Map<string, number>();
  const images = new Set<string>();
  const fragments: [string, string, string][] = [];
  const queue = [...start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (pages.has(path) || failures.has(path)) continue;
    const response = await fetch(`${base}${path}`);
    const body = await response.text();
    if (response.status !== 200) {
      failures.set(path, response.status);
      continue;
    }
    pages.set(path, body);
    if (!response.headers.get('content-type')?.startsWith('text/html')) continue;
    for (const [, src] of body.matchAll(/<img [^>]*src="([^"]+)"/g)) {
      const url = new URL(src!.replace(/&amp;/g, '&'), `${base}${path}`);
      if (url.origin === base) {
        images.add(url.pathname);
        queue.push(url.pathname);
      }
    }
    for (const [, href] of body.matchAll(/<a [^>]*href="([^"]+)"/g)) {
      const url = new URL(href!.replace(/&amp;/g, '&'), `${base}${path}`);
      if (url.origin !== base) continue;
      if (url.hash) fragments.push([url.pathname, decodeURIComponent(url.hash.slice(1)), path]);
      queue.push(url.pathname + url.search);
    }
  }
  return { pages, failures, images, fragments };
}

/** The linked anchors that are not an `id` on the page they point at (pages that answered only). */
export function brokenAnchors(crawl: CrawlResult): (readonly [string, string, string])[] {
  return crawl.fragments.filter(([target, anchor]) => {
    const page = crawl.pages.get(target);
    return page !== undefined && !page.includes(`id="${anchor}"`);
  });
}
