import { Charset, Document, Resolver } from 'flexsearch';
import { peerRecord, topicsById, type BenchEngine } from '../engine.js';

type FlexDocument = { id: string; title: string; heading: string; code: string; text: string; topics: string[] };

const FIELD_BOOSTS = [
  ['heading', 3],
  ['code', 2],
  ['title', 1.5],
  ['text', 1],
] as const;

/**
 * FlexSearch document index with forward (prefix) tokenising, its advanced phonetic encoder for
 * fuzziness, suggestions and per-field boosts through a resolver. Topics are filtered after the search: the
 * resolver fails when given a tag filter.
 */
export const flexSearchEngine: BenchEngine = {
  name: 'FlexSearch',
  configuration:
    'Document index, tokenize forward, Charset.LatinAdvanced, suggest: true, resolver boosts heading 3, code 2, title 1.5; topic filtered after search',
  build(sections) {
    const topics = topicsById(sections);
    const index = new Document<FlexDocument>({
      tokenize: 'forward',
      encoder: Charset.LatinAdvanced,
      document: { id: 'id', index: ['title', 'heading', 'code', 'text'], tag: 'topics' },
    });
    for (const section of sections) index.add(peerRecord(section));
    return {
      search(query, options) {
        let resolver: Resolver<FlexDocument> | undefined;
        for (const [field, boost] of FIELD_BOOSTS) {
          const step = { index, field, query, boost, suggest: true };
          resolver = resolver === undefined ? new Resolver<FlexDocument>(step) : resolver.or(step);
        }
        const { topic } = options;
        const ids = resolver!.resolve({ limit: topic === undefined ? options.limit : 500 }) as unknown as (string | number)[];
        return ids
          .map(String)
          .filter((id) => topic === undefined || topics.get(id)?.has(topic) === true)
          .slice(0, options.limit);
      },
    };
  },
};
