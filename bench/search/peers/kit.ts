import { createSearchIndex } from '@kit/docs-search';
import type { BenchEngine } from '../engine.js';

/** This engine, exactly as the service builds it. */
export const kitEngine: BenchEngine = {
  name: '@kit/docs-search',
  configuration: 'createSearchIndex(sections, { synonyms }) with the corpus synonyms.yaml; defaults otherwise',
  build(sections, synonyms) {
    const index = createSearchIndex(sections, { synonyms });
    return {
      search: (query, options) => index.search(query, options).map((hit) => hit.id),
    };
  },
};
