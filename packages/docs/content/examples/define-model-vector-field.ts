// ---
// title: A knowledge-base model with a vector field
// description: Defines an article model whose embedding is stored in a vector() field next to the text it was computed from, ready for similarity search with vectorSearch.
// topics: [defineModel, database, ai-toolkit]
// relatedDocs: /docs/database#vector
// ---
// src/models/article.model.ts
import { datetime, defineModel, id, string, text, vector } from '@kit/kit-db';

export const article = defineModel('article', {
  id: id(),
  title: string(),
  body: text(),
  // The embedding of title + body. Its dimension must match the embedding model's output;
  // how the dimension is declared is not given in the reference, so see vector()'s type.
  embedding: vector(),
  // Re-embed when the body changes after this time.
  embeddedAt: datetime(),
});
