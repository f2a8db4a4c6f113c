import { createSearchIndex, type SearchableSection } from '@kit/docs-search';
import type { Content, Section } from '../content/index.js';

/** One ranked section. */
export interface DocsSearchResult {
  readonly section: Section;
  readonly score: number;
  readonly snippet: string;
}

/** Search over the sections of one content version. */
export interface DocsSearch {
  /** Ranked sections for `query`; `topic` is a lower-case tag or category, already validated. */
  search(query: string, options: { readonly limit: number; readonly topic?: string }): DocsSearchResult[];
}

/**
 * Sections as the engine indexes them; the id is the section's url, unique across the corpus.
 *
 * @example
 * ```ts
 * import { embeddedContentDirectory, loadContent, toSearchableSections } from '@kit/docs';
 *
 * const sections = toSearchableSections(await loadContent(embeddedContentDirectory));
 * console.log(sections[0]?.id); // /docs/getting-started#overview
 * ```
 */
export function toSearchableSections(content: Content): SearchableSection[] {
  return content.sections.map((section) => ({
    id: section.url,
    documentTitle: section.documentTitle,
    heading: section.heading,
    text: section.text,
    code: section.code,
    topics: section.topics,
  }));
}

/**
 * Builds the index of a content version once; queries never touch the disk.
 *
 * @example
 * ```ts
 * import { createDocsSearch, embeddedContentDirectory, loadContent } from '@kit/docs';
 *
 * const search = createDocsSearch(await loadContent(embeddedContentDirectory));
 * const [best] = search.search('maxIterations default', { limit: 1 });
 * console.log(best?.section.url, best?.snippet);
 * ```
 */
export function createDocsSearch(content: Content): DocsSearch {
  const index = createSearchIndex(toSearchableSections(content), { synonyms: content.synonyms });
  const byId = new Map(content.sections.map((section) => [section.url, section]));
  return {
    search(query, options) {
      return index.search(query, options).flatMap((hit) => {
        const section = byId.get(hit.id);
        return section ? [{ section, score: hit.score, snippet: hit.snippet }] : [];
      });
    },
  };
}
