import { describe, expect, it } from 'vitest';
import { buildIndexData } from '../build.js';
import { parseQuery } from '../query/parse.js';
import { compileSynonyms } from '../synonyms.js';
import type { SearchableSection } from '../types.js';
import { RANKING } from './constants.js';
import { planQuery } from './plan.js';
import { clauseWeights, headingFactor } from './rescore.js';
import { rankSections } from './score.js';
import { workspaceOf } from './workspace.js';

const section = (id: string, heading: string, text = 'Some words about something else entirely.'): SearchableSection => ({
  id,
  documentTitle: 'Guide',
  heading,
  text,
  code: '',
  topics: [],
});

/** Heading factors of every section for a query, by section id. */
function factors(sections: SearchableSection[], query: string): Record<string, number> {
  const data = buildIndexData(sections);
  const plan = planQuery(parseQuery(query), data.vocabulary, data.idf, compileSynonyms([]));
  // Ranking marks the query's terms in the workspace, which the heading factor reads.
  rankSections(data, plan, undefined, 10);
  const context = {
    data,
    plan,
    workspace: workspaceOf(data),
    totalCoverage: plan.clauses.reduce((sum, clause) => sum + clause.coverage, 0),
    clauseWeights: clauseWeights(plan),
  };
  return Object.fromEntries(data.ids.map((id, doc) => [id, headingFactor(context, doc)]));
}

describe('headingFactor', () => {
  it('is 1 for a heading without query words', () => {
    expect(factors([section('a', 'Routing'), section('b', 'Header')], 'header ')['a']).toBe(1);
  });

  it('rewards a heading made of query words over one that holds a query word among others', () => {
    const result = factors(
      [section('named', 'header()'), section('mixed', 'Custom Response'), section('other', 'Routing')],
      'set a response header ',
    );
    expect(result['named']!).toBeGreaterThan(result['mixed']!);
  });

  it('counts a query word found only as part of a heading identifier for less', () => {
    const result = factors([section('whole', 'Client'), section('part', 'testClient()'), section('other', 'Routing')], 'typed client ');
    expect(result['whole']!).toBeGreaterThan(result['part']!);
  });

  it('ignores function words of the heading when judging what it names', () => {
    const result = factors(
      [section('why', 'Why use a Client?'), section('reasons', 'Reasons to use a Client'), section('other', 'Routing')],
      'use a client ',
    );
    // `why` and `a` are function words; `reasons` is a word the query does not name.
    expect(result['why']!).toBeGreaterThan(result['reasons']!);
  });

  it('adds at most headingNamed for naming, beside the other heading rules', () => {
    const result = factors([section('exact', 'header'), section('other', 'Routing')], 'header ');
    expect(result['exact']).toBeCloseTo(1 + RANKING.headingWords + RANKING.headingNamed + RANKING.headingExact, 6);
  });
});
