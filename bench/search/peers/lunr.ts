import lunr from 'lunr';
import { peerRecord, topicsById, type BenchEngine } from '../engine.js';

/**
 * Lunr with field boosts; each query word is searched exactly (boosted), as a trailing wildcard and,
 * from five letters, with edit distance 1, the combination Lunr's documentation describes. Queries
 * are built with the query API, so identifiers such as `db:migrate` are not parsed as field syntax.
 */
export const lunrEngine: BenchEngine = {
  name: 'Lunr',
  configuration:
    'boost heading 3, code 2, title 1.5, topics 1.5; per word: exact ×10, trailing wildcard, edit distance 1 (≥ 5 letters); topic filtered after search',
  build(sections) {
    const topics = topicsById(sections);
    const index = lunr(function build() {
      this.ref('id');
      this.field('heading', { boost: 3 });
      this.field('code', { boost: 2 });
      this.field('title', { boost: 1.5 });
      this.field('topics', { boost: 1.5 });
      this.field('text');
      for (const section of sections) {
        this.add({ ...peerRecord(section), topics: section.topics.join(' ') });
      }
    });
    return {
      search(query, options) {
        const words = lunr
          .tokenizer(query)
          .map((token) => token.toString())
          .filter((word) => word.length > 0);
        if (words.length === 0) return [];
        const results = index.query((builder) => {
          for (const word of words) {
            builder.term(word, { boost: 10 });
            builder.term(word, { wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false });
            if (word.length >= 5) builder.term(word, { editDistance: 1, usePipeline: false });
          }
        });
        const { topic } = options;
        return results
          .filter((result) => topic === undefined || topics.get(result.ref)?.has(topic) === true)
          .slice(0, options.limit)
          .map((result) => result.ref);
      },
    };
  },
};
