import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cosineSimilarity, norm } from './cosine.js';
import { textCosine } from './text-cosine.js';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });

describe('textCosine', () => {
  it('agrees with cosineSimilarity of the parsed vector, for any vectors as JSON.stringify writes them', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 12 })
          .chain((size) =>
            fc.tuple(fc.array(finite, { minLength: size, maxLength: size }), fc.array(finite, { minLength: size, maxLength: size })),
          ),
        ([query, stored]) => {
          const expected = cosineSimilarity(query, stored);
          const actual = textCosine(JSON.stringify(stored), query, norm(query));
          if (Number.isNaN(expected)) expect(actual).toBeNaN();
          else expect(Math.abs(actual - expected)).toBeLessThan(1e-12);
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });

  it('reads 32-bit floats, exponents, white space and PostgreSQL array literals', () => {
    const query = [1, 2, 3];
    const stored = [Math.fround(0.1), -2.5e-8, 1.401298464324817e-45];
    const expected = cosineSimilarity(query, stored);
    expect(textCosine(JSON.stringify(stored), query, norm(query))).toBeCloseTo(expected, 12);
    expect(textCosine(' [ 0.1 , -0.2E+1,\n3e0 ] ', query, norm(query))).toBeCloseTo(cosineSimilarity(query, [0.1, -2, 3]), 12);
    expect(textCosine('{0.5,0.25,-1}', query, norm(query))).toBeCloseTo(cosineSimilarity(query, [0.5, 0.25, -1]), 12);
    expect(textCosine('[12345678901234567890,1,0]', query, norm(query))).toBeCloseTo(
      cosineSimilarity(query, [12345678901234567890, 1, 0]),
      12,
    );
  });

  it('answers NaN for text that is not a vector of the query length, or a zero vector', () => {
    const query = [1, 1];
    const queryNorm = norm(query);
    for (const text of ['', 'null', '[1]', '[1,2,3]', '[1,,2]', '[1,2', '[1,x]', '[1,2]x', '[-,1]', '[1e,2]', '{1,2]', '[0,0]', '[]']) {
      expect(textCosine(text, query, queryNorm), text).toBeNaN();
    }
  });
});
