import { describe, expect, it } from 'vitest';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';
import { KitDbError } from '../errors/kit-db-error.js';
import { defineEmbedding, type EmbeddingConfig } from './define-embedding.js';

/** A deterministic 3-dimension "model": letter counts of a, b and c, recording each batch it is asked. */
function letterModel() {
  const batches: string[][] = [];
  const embed = async (texts: string[]) => {
    batches.push(texts);
    return texts.map((text) => ['a', 'b', 'c'].map((letter) => text.split(letter).length - 1));
  };
  return { batches, embed };
}

describe('defineEmbedding', () => {
  it('embeds texts in order, in batches of batchSize', async () => {
    const model = letterModel();
    const embedding = defineEmbedding('letters', { dimensions: 3, batchSize: 2, embed: model.embed });
    expect(embedding).toMatchObject({ name: 'letters', dimensions: 3, batchSize: 2 });
    expect(await embedding.embed(['a', 'bb', 'ccc', 'abc', 'aab'])).toEqual([
      [1, 0, 0],
      [0, 2, 0],
      [0, 0, 3],
      [1, 1, 1],
      [2, 1, 0],
    ]);
    expect(model.batches).toEqual([['a', 'bb'], ['ccc', 'abc'], ['aab']]);
    expect(await embedding.embedOne('cab')).toEqual([1, 1, 1]);
  });

  it('takes a provider object, such as another embedding, and batches by 64 by default', async () => {
    const model = letterModel();
    const inner = defineEmbedding('inner', { dimensions: 3, batchSize: 1000, embed: model.embed });
    const outer = defineEmbedding('outer', { dimensions: 3, provider: inner });
    expect(outer.batchSize).toBe(64);
    const texts = Array.from({ length: 130 }, (_, index) => 'a'.repeat(index % 5));
    const vectors = await outer.embed(texts);
    expect(vectors).toHaveLength(130);
    expect(vectors[7]).toEqual([2, 0, 0]);
    expect(model.batches.map((batch) => batch.length)).toEqual([64, 64, 2]);
  });

  it('does not call the model for no texts', async () => {
    const model = letterModel();
    expect(await defineEmbedding('letters', { dimensions: 3, embed: model.embed }).embed([])).toEqual([]);
    expect(model.batches).toEqual([]);
  });

  it('refuses a vector of another size, naming the embedding and both sizes', async () => {
    const embedding = defineEmbedding('small', { dimensions: 4, embed: async (texts) => texts.map(() => [1, 2, 3]) });
    const error = await rejectionOf(embedding.embed(['x']), KitDbError);
    expect(error.code).toBe('vector_dimension_mismatch');
    expect(error.message).toBe(
      'Embedding "small" returned a vector of 3 dimensions for text 0, but it is defined with 4; set dimensions: 3 in defineEmbedding("small") if that is the model\'s size.',
    );
  });

  it('refuses answers with the wrong count or values that are not finite numbers', async () => {
    const short = defineEmbedding('short', { dimensions: 1, embed: async () => [[1]] });
    const count = await rejectionOf(short.embed(['a', 'b']), KitDbError);
    expect(count.code).toBe('invalid_config');
    expect(count.message).toMatch(
      /^Embedding "short" returned 1 vectors for 2 texts\. Fix the embed function of defineEmbedding\("short"\)/,
    );
    const broken = defineEmbedding('broken', { dimensions: 2, embed: async () => [[1, Number.NaN]] });
    expect((await rejectionOf(broken.embed(['a']), KitDbError)).message).toMatch(
      /^Embedding "broken": the vector of text 0 item 1 must be a finite number, got NaN\./,
    );
    const notArray = defineEmbedding('odd', { dimensions: 2, embed: async () => ({ data: [] }) as unknown as number[][] });
    expect((await rejectionOf(notArray.embed(['a']), KitDbError)).message).toMatch(/^Embedding "odd" returned object for 1 texts\./);
  });

  it("lets the model's own errors through unchanged", async () => {
    const failure = new Error('quota exceeded');
    const embedding = defineEmbedding('flaky', {
      dimensions: 1,
      embed: async () => {
        throw failure;
      },
    });
    await expect(embedding.embed(['a'])).rejects.toBe(failure);
  });

  it('refuses texts that are not strings', async () => {
    const embedding = defineEmbedding('letters', { dimensions: 3, embed: letterModel().embed });
    const error = await rejectionOf(embedding.embed(['a', 7 as unknown as string]), KitDbError);
    expect(error).toMatchObject({ code: 'invalid_input', message: 'defineEmbedding("letters"): texts[1] must be a string, got number.' });
  });

  it('refuses bad configuration at once, saying what to give', () => {
    const embed = letterModel().embed;
    const cases: [string, EmbeddingConfig, RegExp][] = [
      ['m', { dimensions: 0, embed }, /dimensions must be a whole number from 1 to 16000, the length of the model's vectors, got 0/],
      ['m', { dimensions: 1.5, embed }, /got 1\.5/],
      ['m', { dimensions: 3, batchSize: 0, embed }, /batchSize must be a whole number of 1 or more, got 0/],
      [
        'm',
        { dimensions: 3 } as EmbeddingConfig,
        /give exactly one of embed \(a function of texts\) or provider \(an object with embed\(texts\)\), got neither/,
      ],
      ['m', { dimensions: 3, embed, provider: { embed } } as unknown as EmbeddingConfig, /got both/],
      ['m', { dimensions: 3, provider: {} } as unknown as EmbeddingConfig, /provider must have an embed\(texts\) method/],
      ['', { dimensions: 3, embed }, /name must be a non-empty string/],
    ];
    for (const [name, config, message] of cases) {
      const error = thrownBy(() => defineEmbedding(name, config), KitDbError);
      expect(error.code).toBe('invalid_config');
      expect(error.message).toMatch(message);
    }
  });
});
