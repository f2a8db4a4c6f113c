import { describe, expect, it } from 'vitest';
import { extractJson } from './extract-json.js';

describe('extractJson', () => {
  it('takes the whole reply when it is JSON, scalars included', () => {
    expect(extractJson('  {"a": 1}\n')).toEqual({ found: true, value: { a: 1 }, from: 'whole' });
    expect(extractJson('[1, 2]')).toEqual({ found: true, value: [1, 2], from: 'whole' });
    expect(extractJson('true')).toEqual({ found: true, value: true, from: 'whole' });
    expect(extractJson('null')).toEqual({ found: true, value: null, from: 'whole' });
    expect(extractJson('"text"')).toEqual({ found: true, value: 'text', from: 'whole' });
  });

  it('takes the first json or unlabelled fence that parses, skipping other languages', () => {
    const reply = [
      'Here you go:',
      '```ts',
      'const x = {"no": 1}',
      '```',
      '```json',
      '{"yes": true}',
      '```',
      '```',
      '{"later": 1}',
      '```',
    ].join('\n');
    expect(extractJson(reply)).toEqual({ found: true, value: { yes: true }, from: 'fence' });
    expect(extractJson('Result:\n```\n[3]\n```')).toEqual({ found: true, value: [3], from: 'fence' });
    expect(extractJson('```JSON\n{"upper": 1}\n```')).toEqual({ found: true, value: { upper: 1 }, from: 'fence' });
  });

  it('falls back to the first balanced span that parses, ignoring brackets inside strings', () => {
    expect(extractJson('The answer is {"text": "a } b", "n": [1, {"x": "]"}]} as asked.')).toEqual({
      found: true,
      value: { text: 'a } b', n: [1, { x: ']' }] },
      from: 'span',
    });
    expect(extractJson('Sets like {a, b} are not JSON, but {"ok": 1} is.')).toEqual({ found: true, value: { ok: 1 }, from: 'span' });
    expect(extractJson('escaped quote {"q": "say \\"hi\\" }"} end')).toEqual({ found: true, value: { q: 'say "hi" }' }, from: 'span' });
  });

  it('reports nothing when there is no JSON', () => {
    expect(extractJson('yes')).toEqual({ found: false });
    expect(extractJson('{ unclosed')).toEqual({ found: false });
    expect(extractJson('mismatched [ } ]')).toEqual({ found: false });
    expect(extractJson('')).toEqual({ found: false });
  });
});
