import { describe, expect, it } from 'vitest';
import { buildIndexData } from '../build.js';
import { parseQuery } from '../query/parse.js';
import { compileSynonyms } from '../synonyms.js';
import { MATCH_FACTORS, planQuery } from './plan.js';

const data = buildIndexData([
  { id: 'a', documentTitle: 'D', heading: 'Agents', text: 'agents agentic runtime router environment', code: 'env', topics: [] },
]);
const plan = (query: string, groups: string[][] = []) => planQuery(parseQuery(query), data.vocabulary, data.idf, compileSynonyms(groups));
const expansionsOf = (query: string) =>
  plan(query).clauses[0]!.alternatives[0]!.slots[0]!.expansions.map((expansion) => ({
    term: data.vocabulary.terms[expansion.termId],
    factor: Number(expansion.factor.toFixed(3)),
  }));

describe('planQuery', () => {
  it('matches a known word exactly, with completions only while it may be unfinished', () => {
    expect(expansionsOf('agent ')).toEqual([{ term: 'agent', factor: 1 }]);
    const typing = expansionsOf('agent');
    expect(typing[0]).toEqual({ term: 'agent', factor: 1 });
    expect(typing.slice(1).every((expansion) => expansion.factor < MATCH_FACTORS.completionBesideExact + 0.001)).toBe(true);
  });

  it('corrects an unknown word of five letters or more, and never a short one', () => {
    expect(expansionsOf('routre ').map((expansion) => expansion.term)).toEqual(['router']);
    expect(expansionsOf('enx ')).toEqual([]);
  });

  it('caps a completion idf at the typed word idf', () => {
    const slot = plan('agent').clauses[0]!.alternatives[0]!.slots[0]!;
    const exact = slot.expansions.find((expansion) => expansion.factor === 1)!;
    for (const expansion of slot.expansions) expect(expansion.idf).toBeLessThanOrEqual(exact.idf);
  });

  it('adds synonym alternatives with their weight', () => {
    const [clause] = plan('env ', [['env', 'environment']]).clauses;
    expect(clause!.alternatives.map((alternative) => alternative.weight)).toEqual([1, MATCH_FACTORS.synonym]);
  });

  it('adds whole identifiers as clauses that do not count for coverage', () => {
    const query = plan('createSmartAgent ');
    expect(query.clauses.map((clause) => clause.coverage)).toEqual([1, 1, 1]);
    expect(query.identifiers.map((clause) => clause.coverage)).toEqual([0]);
  });

  it('also matches the abbreviation of a word, and the word of an abbreviation, as a lesser match', () => {
    expect(expansionsOf('environment ')).toHaveLength(2);
    expect(expansionsOf('environment ')).toContainEqual({ term: 'environ', factor: 1 });
    expect(expansionsOf('environment ')).toContainEqual({ term: 'env', factor: MATCH_FACTORS.abbreviation });
    const envSlot = plan('env ').clauses[0]!.alternatives[0]!.slots[0]!;
    const exact = envSlot.expansions.find((expansion) => expansion.factor === 1)!;
    for (const expansion of envSlot.expansions) expect(expansion.idf).toBeLessThanOrEqual(exact.idf);
  });

  it('lets two words typed apart match the word the text writes closed up, never above the typed words', () => {
    const closed = buildIndexData([
      { id: 'q', documentTitle: 'D', heading: 'query()', text: 'Get querystring parameters.', code: '', topics: [] },
      { id: 'p', documentTitle: 'D', heading: 'Path', text: 'A query and a string and a query string.', code: '', topics: [] },
    ]);
    const planned = planQuery(parseQuery('query string '), closed.vocabulary, closed.idf, compileSynonyms([]));
    const joined = closed.vocabulary.termId('querystr')!;
    for (const clause of planned.clauses) {
      const expansions = clause.alternatives[0]!.slots[0]!.expansions;
      const viaJoin = expansions.find((expansion) => expansion.termId === joined)!;
      const typed = expansions.find((expansion) => expansion.factor === 1)!;
      expect(viaJoin.factor).toBe(MATCH_FACTORS.closedUp);
      expect(viaJoin.idf).toBeLessThanOrEqual(typed.idf);
    }
  });

  it('never joins two words into a whole identifier the text uses, even one the stemmer leaves alone', () => {
    const identifiers = buildIndexData([
      { id: 'd', documentTitle: 'D', heading: 'defineModel', text: 'Call defineModel to define a model.', code: 'defineModel', topics: [] },
    ]);
    const planned = planQuery(parseQuery('define model '), identifiers.vocabulary, identifiers.idf, compileSynonyms([]));
    const compound = identifiers.vocabulary.termId('definemodel')!;
    expect(identifiers.vocabulary.isCompound(compound)).toBe(true);
    for (const clause of planned.clauses) {
      expect(clause.alternatives[0]!.slots[0]!.expansions.map((expansion) => expansion.termId)).not.toContain(compound);
    }
  });

  it('never joins the words of an identifier, nor joins into a whole identifier', () => {
    const identifiers = buildIndexData([
      {
        id: 's',
        documentTitle: 'D',
        heading: 'SmartAgent',
        text: 'A SmartAgent runs; a smart agent runs.',
        code: 'SmartAgent',
        topics: [],
      },
    ]);
    const planned = planQuery(parseQuery('smart agent '), identifiers.vocabulary, identifiers.idf, compileSynonyms([]));
    const compound = identifiers.vocabulary.termsOfSurface('smartagent');
    expect(compound.length).toBeGreaterThan(0);
    for (const clause of planned.clauses) {
      for (const expansion of clause.alternatives[0]!.slots[0]!.expansions) expect(compound).not.toContain(expansion.termId);
    }
  });

  it('marks a phrase with an unknown word as impossible', () => {
    expect(plan('"agents runtime"').phrases[0]).toBeDefined();
    expect(plan('"agents unknownword"').phrases).toEqual([undefined]);
  });
});
