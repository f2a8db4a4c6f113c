import { create, insertMultiple, search } from '@orama/orama';
import { peerRecord, type BenchEngine } from '../engine.js';

/** Orama with field boosts, typo tolerance 1 and an enum[] topic filter. */
export const oramaEngine: BenchEngine = {
  name: 'Orama',
  configuration:
    'schema title/heading/code/text strings + topics enum[], boost heading 3, code 2, title 1.5, tolerance 1, where topics containsAll',
  async build(sections) {
    const db = create({
      schema: { title: 'string', heading: 'string', code: 'string', text: 'string', topics: 'enum[]' } as const,
    });
    await insertMultiple(db, sections.map(peerRecord));
    return {
      async search(query, options) {
        const result = await search(db, {
          term: query,
          properties: ['title', 'heading', 'code', 'text'],
          boost: { heading: 3, code: 2, title: 1.5 },
          tolerance: 1,
          limit: options.limit,
          ...(options.topic === undefined ? {} : { where: { topics: { containsAll: [options.topic] } } }),
        });
        return result.hits.map((hit) => hit.id);
      },
    };
  },
};
