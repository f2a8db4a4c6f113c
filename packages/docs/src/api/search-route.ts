import { defineAPI, invalidInput, KitError, quoteInput } from '@kit/kit-core';
import type { z } from 'zod';
import type { Taxonomy } from '../content/index.js';
import type { ContentStore } from '../service/state.js';
import { chooseVersion, namedOf, versionUrls } from './library-choice.js';
import { searchInput, searchOutput } from './schemas.js';
import { charactersPerToken, estimateTokens, fitToBudget } from './token-budget.js';
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
      const results = input.library?.trim() === '*' ? searchEveryLibrary(store, url, input) : searchOneVersion(store, url, input);
      if (input.tokens === undefined) return { query: input.q, results, total: results.length };
      const { kept, report } = fitToBudget(results, input.tokens, {
        url: (result) => result.url,
        shorten: shortenResult,
        next: 'Read a result whole with GET /api/docs (slug and section), or send a larger tokens.',
        frame: { query: input.q, results: [], total: results.length },
      });
      return { query: input.q, results: kept, total: kept.length, budget: report };
    },
  });
}

type SearchInput = z.output<typeof searchInput>;

/** A result whose snippet is cut at a word to fit `tokens`, or undefined when the rest alone does not fit. */
function shortenResult<T extends { readonly snippet: string }>(result: T, tokens: number): T | undefined {
  const room = (tokens - estimateTokens({ ...result, snippet: '' })) * charactersPerToken - 8;
  if (room < 40) return undefined;
  const cut = result.snippet.slice(0, room);
  const word = cut.lastIndexOf(' ');
  return { ...result, snippet: `${word > 20 ? cut.slice(0, word) : cut}…` };
}

function searchOneVersion(store: ContentStore, url: UrlMaker, input: SearchInput) {
  const chosen = chooseVersion(store.catalog, input);
  const { content, search } = chosen.state;
  const link = versionUrls(url, chosen);
  const named = namedOf(input, chosen);
  const topic = input.topic === undefined ? undefined : resolveTopic(input.topic, content.taxonomy);
  return search.search(input.q, { limit: input.limit, ...(topic ? { topic } : {}) }).map(({ section, score, snippet }) => ({
    title: section.documentTitle,
    section: section.heading,
    url: link(section.url),
    snippet,
    score: Math.round(score * 1e4) / 1e4,
    topics: [...section.topics],
    ...named,
  }));
}

/** `library=*`: the latest version of every library, each result saying which library it is from. */
function searchEveryLibrary(store: ContentStore, url: UrlMaker, input: SearchInput) {
  if (input.version !== undefined)
    throw invalidInput([
      {
        field: 'version',
        message:
          'cannot be sent with library "*", which searches the latest version of every library; name one library to pick its version',
      },
    ]);
  if (input.topic !== undefined)
    throw invalidInput([
      { field: 'topic', message: 'cannot be sent with library "*": topics differ between libraries; name one library to search by topic' },
    ]);
  return store.catalog.crossSearch.search(input.q, { limit: input.limit }).map(({ library, version, section, score, snippet }) => ({
    title: section.documentTitle,
    section: section.heading,
    url: versionUrls(url, version)(section.url),
    snippet,
    score: Math.round(score * 1e4) / 1e4,
    topics: [...section.topics],
    library: library.id,
    version: version.version,
  }));
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
