import { describe, expect, it } from 'vitest';
import { Vocabulary } from './vocabulary.js';

function vocabularyOf(surfaces: string[]): Vocabulary {
  const vocabulary = new Vocabulary();
  for (const surface of surfaces) vocabulary.addSurface(surface, vocabulary.intern(surface));
  vocabulary.freeze();
  return vocabulary;
}

describe('Vocabulary', () => {
  const vocabulary = vocabularyOf(['agent', 'agents', 'agentrunresult', 'router', 'env', 'end']);

  it('completes a prefix with longer surface forms only', () => {
    expect(vocabulary.completions('agent', 10).map((match) => match.surface)).toEqual(['agentrunresult', 'agents']);
    expect(vocabulary.completions('zz', 10)).toEqual([]);
  });

  it('corrects within the allowance, closest first', () => {
    expect(vocabulary.corrections('agnet').map((match) => match.surface)).toEqual(['agent']);
    expect(vocabulary.corrections('agentz').map((match) => match.surface)).toEqual(['agent', 'agents']);
  });

  it('never corrects short words', () => {
    expect(vocabulary.corrections('enx')).toEqual([]);
  });

  it('trusts the first letter, or the second for a swapped first pair', () => {
    expect(vocabulary.corrections('xouter')).toEqual([]);
    expect(vocabulary.corrections('ruoter').map((match) => match.surface)).toEqual(['router']);
    expect(vocabulary.corrections('oruter').map((match) => match.surface)).toEqual(['router']);
  });
});
