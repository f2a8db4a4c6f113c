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

  it('marks a phrase with an unknown word as impossible', () => {
    expect(plan('"agents runtime"').phrases[0]).toBeDefined();
    expect(plan('"agents unknownword"').phrases).toEqual([undefined]);
  });
});
