import { describe, expect, it } from 'vitest';
import type { SearchableSection } from '@kit/docs-search';
import { firstPageRight, headingKey, judge, pageOf, splitHeldOut, type ForeignQuery } from './judge.js';

const section = (id: string, heading: string, text = ''): SearchableSection => ({
  id,
  documentTitle: 'T',
  heading,
  text,
  code: '',
  topics: [],
});
const sections = [
  section('api/request#query', 'query()', 'Get querystring parameters.'),
  section('/docs/api/context#header', 'header()', 'Set a response header.'),
  section('guides/rpc#client', 'Client', 'The RPC client.'),
];

describe('judge', () => {
  it('accepts the named section and any other named answer, by page and heading', () => {
    const query: ForeignQuery = {
      q: 'x',
      kind: 'concept',
      page: 'api/request',
      heading: 'query()',
      also: [{ page: 'api/context', heading: ['header()', 'status()'] }],
    };
    const judgement = judge(query, sections);
    expect([...judgement.sections]).toEqual(['api/request#query', '/docs/api/context#header']);
    expect([...judgement.pages].sort()).toEqual(['api/context', 'api/request']);
  });

  it('also accepts any section holding every mustContain string', () => {
    const judgement = judge({ q: 'x', kind: 'how-to', page: 'none', heading: 'none', mustContain: ['RPC', 'client'] }, sections);
    expect([...judgement.sections]).toEqual(['guides/rpc#client']);
    expect(firstPageRight(['guides/rpc#other'], judgement)).toBe(true);
    expect(firstPageRight(['api/request#query'], judgement)).toBe(false);
  });
});

describe('helpers', () => {
  it('reads the page of a bench id and of a docs service url alike', () => {
    expect(pageOf('/docs/api/index#overview')).toBe('api');
    expect(pageOf('helpers/testing#import')).toBe('helpers/testing');
    expect(pageOf('/docs/index#overview')).toBe('index');
  });

  it('compares headings without case, code marks or punctuation', () => {
    expect(headingKey('`testClient()`')).toBe(headingKey('testClient()'));
    expect(headingKey('set() / get()')).toBe('setget');
  });

  it('holds out every third query', () => {
    expect(splitHeldOut([1, 2, 3, 4, 5, 6, 7])).toEqual({ tuning: [1, 2, 4, 5, 7], heldOut: [3, 6] });
  });
});
