import { describe, expect, it } from 'vitest';
import { abbreviationPartners } from './abbreviations.js';
import { stemWord } from './stem.js';

const partners = (word: string) => abbreviationPartners(stemWord(word));

describe('abbreviationPartners', () => {
  it('links the short form an identifier uses with the word a reader types, both ways', () => {
    expect(partners('directory')).toEqual([stemWord('dir')]);
    expect(partners('dir')).toEqual([stemWord('directory')]);
    expect(partners('parameters')).toContain(stemWord('params'));
    expect(partners('asynchronously')).toContain(stemWord('async'));
  });

  it('knows nothing for an ordinary word', () => {
    expect(partners('router')).toEqual([]);
    expect(partners('the')).toEqual([]);
  });
});
