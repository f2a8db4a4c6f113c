// ---
// title: Answering questions from your data with vectorSearch
// description: A retrieval-augmented answer - embed passages with defineEmbedding, fetch the ones closest to the question by cosine similarity with vectorSearch (k, filter, minScore), then ask the model to answer only from them with the one-shot generate helper.
// topics: [database, ai-toolkit]
// relatedDocs: /docs/database#vectorsearch
// ---
import { generate, type LLMProvider } from '@kit/kit-ai';
import { createDatabase, createTables, defineEmbedding, defineModel, id, string, text, vector, vectorSearch, type Embedding, type KitDatabase } from '@kit/kit-db';

export const passage = defineModel('passage', {
  id: id(),
  product: string({ maxLength: 40 }),
  body: text(),
  embedding: vector({ dimensions: 64 }),
});

// A stand-in embedding model: words hashed into 64 buckets. A real one calls an embedding API in
// embed(texts); defineEmbedding batches the calls (64 texts by default) and checks every vector's length.
export const wordHash = defineEmbedding('word-hash-64', {
  dimensions: 64,
  embed: async (texts) =>
    texts.map((textToEmbed) => {
      const vector = new Array<number>(64).fill(0);
      for (const word of textToEmbed.toLowerCase().match(/[a-z]+/g) ?? []) {
        let hash = 0;
        for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % 64;
        vector[hash]! += 1;
      }
      return vector;
    }),
});

export async function answerFromKnowledgeBase(llm: LLMProvider, db: KitDatabase, embedding: Embedding, product: string, question: string): Promise<string> {
  // The 3 passages of this product whose vectors point in the most similar direction to the
  // question's, leaving out weak matches. The question is embedded with the same model as the passages.
  const matches = await vectorSearch(db, {
    model: passage,
    field: 'embedding',
    query: question,
    embedding,
    k: 3,
    filter: { product },
    minScore: 0.2,
  });
  if (matches.length === 0) return 'No passage answers this question.';

  const documents = matches.map(({ row, score }) => `[${score.toFixed(2)}] ${row.body}`).join('\n');
  const prompt = [
    'Answer the question using only the documents below. If they do not contain the answer, say so.',
    `Documents:\n${documents}`,
    `Question: ${question}`,
  ].join('\n\n');
  // generate() makes a single LLM call and returns the raw text.
  return generate(llm, prompt);
}

// A run on an in-memory SQLite database, with a model that quotes the best document back.
const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [passage] });
await createTables(db);
const bodies = [
  'To reset your password, open the login page and choose "Forgot password".',
  'Invoices are sent on the first day of each month.',
  'Passwords must have at least 12 characters.',
];
const vectors = await wordHash.embed(bodies);
for (const [index, body] of bodies.entries()) await db.insert(passage, { product: 'accounts', body, embedding: vectors[index]! });

const quoting: LLMProvider = {
  name: 'quoting',
  chat: async (messages) => ({ content: String(messages.at(-1)?.content ?? '').split('\n').find((line) => line.startsWith('[')) ?? 'I do not know.', model: 'quoting' }),
};
console.log(await answerFromKnowledgeBase(quoting, db, wordHash, 'accounts', 'How do I reset my password?'));
await db.close();
