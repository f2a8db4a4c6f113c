import { z } from 'zod';

/**
 * A message for a missing field only; a field of the wrong type falls through to kit-core's wording
 * (`must be a string, got a number`), so the caller is not told to send what it did send.
 */
function whenMissing(message: string) {
  return (issue: { input: unknown }) => (issue.input === undefined ? message : undefined);
}

/** Longest accepted search query, in characters. */
export const maxQueryLength = 500;

export const documentEntry = z.strictObject({
  slug: z.string().describe('Identifier of the document.'),
  title: z.string(),
  section: z.string().describe('Section heading; in list mode, the navigation group of the document.'),
  url: z.string().describe('Location: /docs/{slug} for a document, /docs/{slug}#{anchor} for a section.'),
  topics: z.array(z.string()).describe('Topic tags, categories included.'),
  content: z.string().describe('Markdown of the section; in list mode, the summary of the document.'),
});

export const docsInput = z.strictObject({
  slug: z
    .string()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .optional()
    .describe('Document slug, e.g. getting-started, core-concepts, database. Omit to list all documents.'),
  section: z
    .string()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .optional()
    .describe('Section heading or anchor inside the document, e.g. defineAPI or File-Based Routing; requires slug.'),
});

export const docsOutput = z.strictObject({
  documents: z.array(documentEntry),
  total: z.number().describe('Number of entries in documents.'),
});

export const exampleEntry = z.strictObject({
  title: z.string(),
  description: z.string(),
  code: z.string().describe('A complete file.'),
  language: z.string().describe('Highlighter id: typescript, tsx, bash or json.'),
  relatedDocs: z.string().describe('Url of the section that documents what the example shows.'),
});

export const examplesInput = z.strictObject({
  topic: z
    .string({ error: whenMissing('is required: name a topic such as defineAPI or database') })
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .describe(
      'Example topic, e.g. defineAPI, defineModel, authentication, routing, deployment, policy, ai-toolkit, database, loader, middleware.',
    ),
  limit: z
    .number({ error: 'must be a whole number from 1 to 20' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(20, 'must be at most 20')
    .default(5)
    .describe('Maximum number of examples returned (1 to 20, default 5).'),
});

export const examplesOutput = z.strictObject({
  topic: z.string(),
  examples: z.array(exampleEntry),
  total: z.number().describe('Number of entries in examples.'),
});

export const healthOutput = z.strictObject({
  status: z.string().describe('ok, or degraded when the last content reload failed and the previous content is served.'),
  timestamp: z.string().describe('ISO 8601 UTC time of the answer.'),
});

export const searchInput = z.strictObject({
  q: z
    .string({ error: whenMissing('is required: send the search query') })
    .min(1, 'must not be empty')
    .max(maxQueryLength, `must be at most ${maxQueryLength} characters`)
    .describe('The search query: words, identifiers, or a "quoted phrase".'),
  topic: z
    .string()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe('Restrict to a topic: routing, database, auth, deployment, api, testing, ai, policy, or a finer tag.'),
  limit: z
    .number({ error: 'must be a whole number from 1 to 50' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(50, 'must be at most 50')
    .default(10)
    .describe('Maximum number of results (1 to 50, default 10).'),
});

export const searchResult = z.strictObject({
  title: z.string().describe('Title of the document.'),
  section: z.string().describe('Heading of the section.'),
  url: z.string(),
  snippet: z.string().describe('Plain-text excerpt around the query terms, at most 300 characters.'),
  score: z.number().describe('Relevance; higher is better.'),
  topics: z.array(z.string()),
});

export const searchOutput = z.strictObject({
  query: z.string(),
  results: z.array(searchResult),
  total: z.number().describe('Number of entries in results.'),
});

export type DocumentEntry = z.infer<typeof documentEntry>;
