import { KitDbError } from '../errors/kit-db-error.js';
import { vectorProblem } from './encoding.js';

/**
 * Something that turns texts into vectors: an embedding model's client. kit-ai's `MemoryEmbedder` has
 * this shape, and so does every `Embedding`, so one can stand in for the other.
 */
export interface EmbeddingProvider {
  /** One vector per text, in the order of `texts`. */
  embed(texts: string[]): Promise<number[][]>;
}

/** The fields every embedding configuration has. */
interface EmbeddingConfigBase {
  /** Length of the vectors the model returns (384, 768, 1536...); every vector is checked against it. */
  readonly dimensions: number;
  /** Most texts sent in one call to the model; longer lists are split into several calls, made one after another. Default 64. */
  readonly batchSize?: number;
}

/** The second argument of `defineEmbedding`: the dimensions, and either an `embed` function or a `provider` object. */
export type EmbeddingConfig =
  | (EmbeddingConfigBase & {
      /** Turns a batch of texts into one vector each. */
      readonly embed: (texts: string[]) => Promise<number[][]>;
      readonly provider?: never;
    })
  | (EmbeddingConfigBase & {
      /** An object with `embed(texts)`, such as a client of an embedding API. */
      readonly provider: EmbeddingProvider;
      readonly embed?: never;
    });

/**
 * A named embedding model with its dimensions checked: what `vectorSearch` uses to embed a text query,
 * and what an app uses to embed the texts it stores in a `vector()` field.
 */
export interface Embedding extends EmbeddingProvider {
  readonly name: string;
  readonly dimensions: number;
  readonly batchSize: number;
  /**
   * One vector per text, in order, asking the model `batchSize` texts at a time. Every vector is
   * checked: a wrong length is `vector_dimension_mismatch`, a wrong count or a value that is not a
   * finite number `invalid_config`. An empty list returns `[]` without calling the model.
   */
  embed(texts: readonly string[]): Promise<number[][]>;
  /** The vector of one text. */
  embedOne(text: string): Promise<number[]>;
}

/** Default `batchSize`: small enough for every hosted embedding API's request limits. */
export const defaultEmbeddingBatchSize = 64;

/** pgvector's largest `vector(n)`, and more than any embedding model returns. */
const maxDimensions = 16_000;

/**
 * Configures an embedding model under a name, for retrieval-augmented generation: the texts stored in a
 * `vector()` field and the text queries of `vectorSearch` go through it, so both are embedded alike.
 * Give `dimensions` and either `embed(texts)` or a `provider` with that method. Calls are batched
 * (`batchSize`, default 64) and every answer is checked: a vector of another length is a
 * `vector_dimension_mismatch` error naming the embedding and both sizes. Bad configuration throws
 * `invalid_config` at once.
 *
 * @example
 * ```ts
 * import { defineEmbedding } from '@kit/kit-db';
 *
 * export const minilm = defineEmbedding('all-MiniLM-L6-v2', {
 *   dimensions: 384,
 *   batchSize: 32,
 *   embed: async (texts) => {
 *     const response = await fetch('http://127.0.0.1:8080/embed', {
 *       method: 'POST',
 *       headers: { 'Content-Type': 'application/json' },
 *       body: JSON.stringify({ inputs: texts }),
 *     });
 *     return (await response.json()) as number[][];
 *   },
 * });
 * const [vector] = await minilm.embed(['How do I reset my password?']);
 * ```
 */
export function defineEmbedding(name: string, config: EmbeddingConfig): Embedding {
  const where = `defineEmbedding(${JSON.stringify(name)})`;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new KitDbError(
      'invalid_config',
      `defineEmbedding: name must be a non-empty string naming the model (e.g. 'text-embedding-3-small'), got ${JSON.stringify(name)}.`,
    );
  }
  if (config === null || typeof config !== 'object') {
    throw new KitDbError(
      'invalid_config',
      `${where}: config must be an object with dimensions and embed (or provider), got ${config === null ? 'null' : typeof config}.`,
    );
  }
  const { dimensions, batchSize = defaultEmbeddingBatchSize } = config;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > maxDimensions) {
    throw new KitDbError(
      'invalid_config',
      `${where}: dimensions must be a whole number from 1 to ${maxDimensions}, the length of the model's vectors, got ${String(dimensions)}.`,
    );
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new KitDbError('invalid_config', `${where}: batchSize must be a whole number of 1 or more, got ${String(batchSize)}.`);
  }
  const embedBatch = batchFunction(where, config);

  const embed = async (texts: readonly string[]): Promise<number[][]> => {
    if (!Array.isArray(texts))
      throw new KitDbError('invalid_input', `${where}: embed(texts) takes an array of strings, got ${typeof texts}.`);
    texts.forEach((text, index) => {
      if (typeof text !== 'string')
        throw new KitDbError('invalid_input', `${where}: texts[${index}] must be a string, got ${text === null ? 'null' : typeof text}.`);
    });
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      const answer: unknown = await embedBatch(batch);
      vectors.push(...checkAnswer(name, dimensions, batch.length, start, answer));
    }
    return vectors;
  };

  return {
    name,
    dimensions,
    batchSize,
    embed,
    embedOne: async (text) => (await embed([text]))[0]!,
  };
}

function batchFunction(where: string, config: EmbeddingConfig): (texts: string[]) => Promise<unknown> {
  const hasEmbed = typeof config.embed === 'function';
  const hasProvider = config.provider !== undefined && config.provider !== null;
  if (hasEmbed === hasProvider) {
    throw new KitDbError(
      'invalid_config',
      `${where}: give exactly one of embed (a function of texts) or provider (an object with embed(texts)), got ${hasEmbed ? 'both' : 'neither'}.`,
    );
  }
  if (hasEmbed) return config.embed as (texts: string[]) => Promise<unknown>;
  const provider = config.provider as EmbeddingProvider;
  if (typeof provider.embed !== 'function') {
    throw new KitDbError('invalid_config', `${where}: provider must have an embed(texts) method, got an object without one.`);
  }
  return (texts) => provider.embed(texts);
}

/** The vectors of one batch, or the error that says what the model did wrong. */
function checkAnswer(name: string, dimensions: number, count: number, start: number, answer: unknown): number[][] {
  const fix = `Fix the embed function of defineEmbedding(${JSON.stringify(name)}): it must resolve with one array of ${dimensions} numbers per text.`;
  if (!Array.isArray(answer) || answer.length !== count) {
    const got = Array.isArray(answer) ? `${answer.length} vectors` : answer === null ? 'null' : typeof answer;
    throw new KitDbError('invalid_config', `Embedding "${name}" returned ${got} for ${count} texts. ${fix}`);
  }
  answer.forEach((vector: unknown, index) => {
    if (Array.isArray(vector) && vector.length !== dimensions) {
      throw new KitDbError(
        'vector_dimension_mismatch',
        `Embedding "${name}" returned a vector of ${vector.length} dimensions for text ${start + index}, but it is defined with ${dimensions}; set dimensions: ${vector.length} in defineEmbedding(${JSON.stringify(name)}) if that is the model's size.`,
      );
    }
    const problem = vectorProblem(vector, dimensions);
    if (problem !== undefined)
      throw new KitDbError('invalid_config', `Embedding "${name}": the vector of text ${start + index} ${problem}. ${fix}`);
  });
  return answer as number[][];
}
