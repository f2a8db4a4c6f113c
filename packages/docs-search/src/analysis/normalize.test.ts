import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize.js';

describe('normalizeText', () => {
  it('applies NFKC, so compatibility forms equal plain ones', () => {
    expect(normalizeText('ｃｒｅａｔｅＳｍａｒｔＡｇｅｎｔ')).toBe('createSmartAgent');
    expect(normalizeText('ﬁle')).toBe('file');
  });

  it('collapses white space and keeps case', () => {
    expect(normalizeText('  Smart\n\tAgent  ')).toBe('Smart Agent');
  });
});
