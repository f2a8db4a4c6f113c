// ---
// title: A knowledge-base model with a vector field
// description: Defines an article model whose embedding is stored in a vector() field of 384 dimensions next to the text it was computed from, and fills it with an embedding model configured by defineEmbedding, ready for vectorSearch.
// topics: [defineModel, database, ai-toolkit]
// relatedDocs: /docs/database#vector
// ---
// app/models/article.ts
import { datetime, defineModel, id, string, text, vector, type Embedding, type InferUpdate } from '@kit/kit-db';

export const article = defineModel('article', {
  id: id(),
  title: string({ maxLength: 200 }),
  body: text(),
  // Which part of the product the article is about; vectorSearch can filter on it by equality.
  product: string({ maxLength: 40 }).index(),
  // The embedding of title + body: exactly 384 numbers, the output size of the embedding model
  // (a vector of another length is refused with vector_dimension_mismatch). NULL until computed;
  // records without a vector never match a search.
  embedding: vector({ dimensions: 384 }).optional(),
  // Re-embed when the body changes after this time.
  embeddedAt: datetime().optional(),
});

/** The columns to update after (re)computing an article's embedding with `embedding` (384 dimensions). */
export async function embeddingUpdate(embedding: Embedding, title: string, body: string): Promise<InferUpdate<typeof article>> {
  return { embedding: await embedding.embedOne(`${title}\n\n${body}`), embeddedAt: new Date() };
}
