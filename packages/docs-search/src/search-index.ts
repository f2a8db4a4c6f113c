import { analyze } from './analysis/analyze.js';
import { buildIndexData, type IndexData } from './build.js';
import { BUILT_IN_SYNONYMS } from './lexicon.js';
import { parseQuery } from './query/parse.js';
import { planQuery } from './ranking/plan.js';
import { rankSections } from './ranking/score.js';
import { makeSnippet } from './snippet.js';
import { compileSynonyms, type SynonymTable } from './synonyms.js';
import type { SearchableSection, SearchHit, SearchIndex, SearchOptions, SynonymGroups } from './types.js';

/** Options of `createSearchIndex`. */
export interface CreateSearchIndexOptions {
  /** Groups of interchangeable terms, usually loaded from the corpus's `synonyms.yaml`. */
  readonly synonyms?: SynonymGroups;
  /**
   * Whether the built-in groups of words software documentation uses interchangeably (`run` and
   * `execute`, `delete` and `remove`, `abort` and `cancel`, `folder` and `directory`, `error` and
   * `exception`) are used, after `synonyms`. Default: only when `synonyms` is empty, since a corpus
   * with a table of its own has said which words are interchangeable for it (in the kit corpus a
   * `run` is an agent's run, not an execution).
   */
  readonly builtInSynonyms?: boolean;
}

/**
 * Builds the search index of a documentation set once; its `search` runs in memory.
 *
 * Ranking: BM25F over heading, code identifiers, body, topics and document title, with code-aware
 * analysis, synonyms (the corpus's, or a few built-in ones when it has none), completion of the last
 * word, typo correction, quoted phrases, proximity and a boost for sections whose heading names what
 * was searched (see docs/search-design.md). Hits are ordered by score, then by the order in which the
 * sections were given.
 *
 * @example
 * ```ts
 * import { createSearchIndex } from '@kit/docs-search';
 *
 * const index = createSearchIndex(
 *   [
 *     { id: 'agents#loop', documentTitle: 'Smart agents', heading: 'maxIterations', text: 'maxIterations caps the loop. The default is 10.', code: 'maxIterations', topics: ['ai', 'agent-loop'] },
 *     { id: 'auth#sessions', documentTitle: 'Authentication', heading: 'Sessions', text: 'signSession creates a signed JWT.', code: 'signSession', topics: ['auth', 'jwt'] },
 *   ],
 *   { synonyms: [['auth', 'authentication']] },
 * );
 * const [best] = index.search('max iterations default', { limit: 5 });
 * best?.id; // 'agents#loop'
 * ```
 */
export function createSearchIndex(sections: readonly SearchableSection[], options: CreateSearchIndexOptions = {}): SearchIndex {
  checkSections(sections);
  const data = buildIndexData(sections);
  const own = options.synonyms ?? [];
  // The corpus's groups first: where a word is in both, the corpus's group is the one matched.
  const synonyms = compileSynonyms([...own, ...((options.builtInSynonyms ?? own.length === 0) ? BUILT_IN_SYNONYMS : [])]);
  return {
    size: sections.length,
    search: (query, searchOptions) => search(data, synonyms, query, searchOptions),
  };
}

function search(data: IndexData, synonyms: SynonymTable, query: string, options: SearchOptions): SearchHit[] {
  if (typeof query !== 'string') {
    throw new TypeError(`docs-search: query must be a string, got ${typeof query}; pass the text to search for.`);
  }
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    throw new RangeError(`docs-search: limit must be an integer of at least 1, got ${String(options.limit)}.`);
  }
  const plan = planQuery(parseQuery(query), data.vocabulary, data.idf, synonyms);
  if (plan.clauses.length === 0 && plan.identifiers.length === 0) return [];

  const topic = options.topic?.toLowerCase();
  const allowed = topic === undefined ? undefined : (doc: number) => data.topics[doc]!.has(topic);
  const { hits, clauseOfTerm } = rankSections(
    data,
    plan,
    allowed,
    options.limit,
    topic === undefined ? undefined : topicTerms(data, topic),
  );
  return hits.slice(0, options.limit).map(({ doc, score }) => ({
    id: data.ids[doc]!,
    // Already rounded to six decimals by the ranking, so equal scores keep section order.
    score,
    snippet: makeSnippet(data.texts[doc]!, clauseOfTerm),
  }));
}

/** Term ids of the words of a topic tag (`vector-search`: vector, search), as headings are analysed. */
function topicTerms(data: IndexData, topic: string): Set<number> {
  const terms = new Set<number>();
  for (const token of analyze(topic)) {
    for (const word of token.words) {
      const id = data.vocabulary.termId(word.term);
      if (id !== undefined) terms.add(id);
    }
  }
  return terms;
}

function checkSections(sections: readonly SearchableSection[]): void {
  const seen = new Set<string>();
  for (const section of sections) {
    if (seen.has(section.id)) {
      throw new Error(`docs-search: section id "${section.id}" appears twice; give every section a unique id.`);
    }
    seen.add(section.id);
  }
}
