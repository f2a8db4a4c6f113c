import MiniSearch from 'minisearch';
import { peerRecord, topicsById, type BenchEngine } from '../engine.js';

/** MiniSearch with field boosts, prefix search and fuzzy matching, as its documentation suggests. */
export const miniSearchEngine: BenchEngine = {
  name: 'MiniSearch',
  configuration: 'fields title/heading/code/text/topics, boost heading 3, code 2, title 1.5, topics 1.5, prefix: true, fuzzy: 0.2',
  build(sections) {
    const topics = topicsById(sections);
    const index = new MiniSearch<{ id: string; title: string; heading: string; code: string; text: string; topics: string }>({
      fields: ['title', 'heading', 'code', 'text', 'topics'],
      searchOptions: { boost: { heading: 3, code: 2, title: 1.5, topics: 1.5 }, prefix: true, fuzzy: 0.2 },
    });
    index.addAll(
      // MiniSearch indexes strings, so the tags become one space-separated field.
      sections.map((section) => ({ ...peerRecord(section), topics: section.topics.join(' ') })),
    );
    return {
      search(query, options) {
        const { topic } = options;
        const results = index.search(
          query,
          topic === undefined ? {} : { filter: (result) => topics.get(String(result.id))?.has(topic) === true },
        );
        return results.slice(0, options.limit).map((result) => String(result.id));
      },
    };
  },
};
