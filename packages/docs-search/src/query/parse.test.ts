import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse.js';

const searched = (query: string) => parseQuery(query).words.filter((word) => !word.stop);
const terms = (query: string) => searched(query).map((word) => word.term);
const surfaces = (query: string) => searched(query).map((word) => word.surface);

describe('parseQuery', () => {
  it('marks function words of questions, keeping them for synonym phrases', () => {
    expect(surfaces('how do I resume a paused run')).toEqual(['resume', 'paused', 'run']);
    expect(parseQuery('sign in now').words.map((word) => [word.surface, word.stop])).toEqual([
      ['sign', false],
      ['in', true],
      ['now', false],
    ]);
  });

  it('keeps function words when the query has nothing else', () => {
    expect(surfaces('this')).toEqual(['this']);
    expect(surfaces('is it')).toEqual(['is', 'it']);
  });

  it('never drops a function word written as code', () => {
    expect(surfaces('`this` binding')).toEqual(['this', 'binding']);
    expect(surfaces('this.state value')).toEqual(['this', 'state', 'value']);
    expect(surfaces('isConcurrencySafe')).toEqual(['is', 'concurrency', 'safe']);
  });

  it('keeps code words that are not function words', () => {
    expect(surfaces('how to get the env')).toEqual(['get', 'env']);
  });

  it('stems the words and keeps whole identifiers', () => {
    expect(terms('paused runs')).toEqual(['paus', 'run']);
    expect(parseQuery('createSmartAgent').compounds.map((compound) => compound.surface)).toEqual(['createsmartagent']);
  });

  it('marks the last word as a prefix only while it may be unfinished', () => {
    expect(parseQuery('smart agen').words.map((word) => word.prefix)).toEqual([false, true]);
    expect(parseQuery('smart agen ').words.map((word) => word.prefix)).toEqual([false, false]);
    expect(parseQuery('createSma').compounds[0]?.prefix).toBe(true);
  });

  it('reads quoted phrases, whose words are searched too', () => {
    const parsed = parseQuery('"smart agent" loop');
    expect(parsed.phrases).toEqual([['smart', 'agent']]);
    expect(parsed.words.map((word) => word.surface)).toEqual(['smart', 'agent', 'loop']);
    expect(parsed.words.every((word) => !word.prefix || word.surface === 'loop')).toBe(true);
  });

  it('does not complete a word inside quotes', () => {
    expect(parseQuery('"smart agent"').words.some((word) => word.prefix)).toBe(false);
  });

  it('marks words typed on their own, which may be halves of a closed-up word', () => {
    const standalone = (query: string) => parseQuery(query).words.map((word) => [word.surface, word.standalone]);
    expect(standalone('query string')).toEqual([
      ['query', true],
      ['string', true],
    ]);
    expect(standalone('queryString `set up`')).toEqual([
      ['query', false],
      ['string', false],
      ['set', false],
      ['up', false],
    ]);
  });

  it('returns nothing for punctuation only', () => {
    expect(parseQuery(' ?! ').words).toEqual([]);
  });
});
