// ---
// title: Answering questions from your data with vectorSearch
// description: A retrieval-augmented answer - fetch the records closest to the question by cosine similarity with vectorSearch, then ask the model to answer only from them with the one-shot generate helper.
// topics: [database, ai-toolkit]
// relatedDocs: /docs/database#vectorsearch
// ---
import { generate, type LLMProvider } from '@kit/kit-ai';
import { vectorSearch } from '@kit/kit-db';

// The database handle and the search options are described by vectorSearch's own types; the
// reference does not list their fields, so this helper takes them ready-made from the caller.
type Database = Parameters<typeof vectorSearch>[0];
type SearchOptions = Parameters<typeof vectorSearch>[1];

export async function answerFromKnowledgeBase(
  llm: LLMProvider,
  db: Database,
  search: SearchOptions,
  question: string,
): Promise<string> {
  // Records whose vectors point in the most similar direction to the question's vector.
  const matches = await vectorSearch(db, search);

  const prompt = [
    'Answer the question using only the documents below. If they do not contain the answer, say so.',
    `Documents:\n${JSON.stringify(matches, null, 2)}`,
    `Question: ${question}`,
  ].join('\n\n');

  // generate() makes a single LLM call and returns the raw text.
  return generate(llm, prompt);
}
