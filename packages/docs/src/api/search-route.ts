import { defineAPI, KitError, quoteInput } from '@kit/kit-core';
import type { Taxonomy } from '../content/index.js';
import type { ContentStore } from '../service/state.js';
import { searchInput, searchOutput } from './schemas.js';
import { suggest } from './suggest.js';
import type { UrlMaker } from './urls.js';

/**
 * `GET /api/search`: sections ranked by relevance, optionally restricted to a topic (a category
 * matches every section tagged with it or one of its tags).
 */
export function searchRoute(store: ContentStore, url: UrlMaker) {
  return defineAPI({
    description:
      'Searches the documentation and returns the most relevant sections, best first, each with a snippet that shows the matching text. Accepts words, identifiers (createSmartAgent, db:migrate) and "quoted phrases"; topic restricts results to routing, database, auth, deployment, api, testing, ai, policy or a finer tag.',
    capability: 'read',
    resource: 'sections',
    input: searchInput,
    output: searchOutput,
    handler: async ({ input }) => {
      const { content, search } = store.current;
      const topic = input.topic === undefined ? undefined : resolveTopic(input.topic, content.taxonomy);
      const results = search.search(input.q, { limit: input.limit, ...(topic ? { topic } : {}) }).map(({ section, score, snippet }) => ({
        title: section.documentTitle,
        section: section.heading,
        url: url(section.url),
        snippet,
        score: Math.round(score * 1e4) / 1e4,
        topics: [...section.topics],
      }));
      return { query: input.q, results, total: results.length };
    },
  });
}

/** A category or finer tag, compared without case; anything else is a 400 listing what is accepted. */
function resolveTopic(topic: string, taxonomy: Taxonomy): string {
  const key = topic.trim().toLowerCase();
  if (taxonomy.categoryOf.has(key)) return key;
  const categories = [...taxonomy.categories.keys()];
  const suggestions = suggest(topic, [...taxonomy.categoryOf.keys()]);
  const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.join(' or ')}?` : '';
  const accepted =
    categories.length > 0
      ? `use one of ${categories.join(', ')} or one of their tags`
      : 'this documentation has no topics, so search without one';
  const message = `${quoteInput(topic)} is not a topic; ${accepted}.${hint}`;
  throw new KitError('invalid_input', `Invalid input: topic ${message}`, { issues: [{ field: 'topic', message }], suggestions });
}
