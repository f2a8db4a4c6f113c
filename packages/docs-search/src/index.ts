export { createSearchIndex } from './search-index.js';
export type { CreateSearchIndexOptions } from './search-index.js';
export type { SearchableSection, SynonymGroups, SearchOptions, SearchHit, SearchIndex } from './types.js';
