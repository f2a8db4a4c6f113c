// The source, not the package entry: a stale build must never be what is measured.
import { createSearchIndex } from '../../../packages/docs-search/src/index.js';
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
