import { z } from 'zod';
import { charactersPerToken, tokenBudgetRange } from './token-budget.js';

/**
 * A message for a missing field only; a field of the wrong type falls through to kit-core's wording
 * (`must be a string, got a number`), so the caller is not told to send what it did send.
 */
function whenMissing(message: string) {
  return (issue: { input: unknown }) => (issue.input === undefined ? message : undefined);
}

/** Longest accepted search query, in characters. */
export const maxQueryLength = 500;

const libraryField = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .optional()
  .describe('Library id from GET /api/libraries (resolve a name with GET /api/libraries?name=). Omit for the default library.');

const versionField = z
  .string()
  .min(1, 'must not be empty')
  .max(50, 'must be at most 50 characters')
  .optional()
  .describe('Version of the library: a label such as 4.6.0, or a range such as 4 or ^4.2 (the newest that fits). Omit for the latest.');

const tokensField = z
  .number({ error: `must be a whole number from ${tokenBudgetRange.min} to ${tokenBudgetRange.max}` })
  .int('must be a whole number')
  .min(tokenBudgetRange.min, `must be at least ${tokenBudgetRange.min}`)
  .max(tokenBudgetRange.max, `must be at most ${tokenBudgetRange.max}`)
  .optional()
  .describe(
    `Most tokens the answer may take, estimated as ${charactersPerToken} characters of JSON per token (leave a margin). The most relevant entries that fit are sent, the last one cut at a paragraph or sentence end, and budget lists what was left out. Omit for the whole answer.`,
  );

export const budgetReport = z
  .strictObject({
    tokens: z.number().describe('The budget asked for.'),
    used: z.number().describe('Estimated tokens of the whole answer, this report included.'),
    complete: z.boolean().describe('True when nothing was cut or left out.'),
    cut: z.string().optional().describe('Url of the entry whose text was cut short.'),
    omitted: z.array(z.string()).describe('Urls of the first entries left out (at most 10), most relevant first.'),
    omittedTotal: z.number().describe('Number of entries left out.'),
    next: z.string().optional().describe('How to get what was left out.'),
  })
  .describe('Present when tokens was sent: what fitted and what did not.');

const libraryOut = z.string().optional().describe('Library the entries are from; present when the request named a library.');
const versionOut = z.string().optional().describe('Version the entries are from; present when the request named a library or version.');

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
  library: libraryField,
  version: versionField,
  tokens: tokensField,
});

export const docsOutput = z.strictObject({
  library: libraryOut,
  version: versionOut,
  documents: z.array(documentEntry),
  total: z.number().describe('Number of entries in documents.'),
  budget: budgetReport.optional(),
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
  library: libraryField,
  version: versionField,
  tokens: tokensField,
});

export const examplesOutput = z.strictObject({
  library: libraryOut,
  version: versionOut,
  topic: z.string(),
  examples: z.array(exampleEntry),
  total: z.number().describe('Number of entries in examples.'),
  budget: budgetReport.optional(),
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
  library: z
    .string()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe(
      'Library id from GET /api/libraries, or * to search the latest version of every library (a query that names a library, such as "hono cors", lists that library first). Omit for the default library.',
    ),
  version: versionField,
  tokens: tokensField,
});

export const searchResult = z.strictObject({
  title: z.string().describe('Title of the document.'),
  section: z.string().describe('Heading of the section.'),
  url: z.string(),
  snippet: z.string().describe('Plain-text excerpt around the query terms, at most 300 characters.'),
  score: z.number().describe('Relevance; higher is better.'),
  topics: z.array(z.string()),
  library: z.string().optional().describe('Library of the section; present when the request named a library or *.'),
  version: z.string().optional().describe('Version of the section; present when the request named a library or *.'),
});

export const searchOutput = z.strictObject({
  query: z.string(),
  results: z.array(searchResult),
  total: z.number().describe('Number of entries in results.'),
  budget: budgetReport.optional(),
});

export const librarySummary = z.strictObject({
  id: z.string().describe('What to send as library.'),
  title: z.string(),
  summary: z.string(),
  aliases: z.array(z.string()).describe('Other names it answers to, such as package names.'),
  versions: z.array(z.string()).describe('Versions served, newest first; the first is the default.'),
  latest: z.string(),
  default: z.boolean().describe('True for the library answered when a request names none.'),
  documents: z.number().describe('Documents in the latest version.'),
  url: z.string().describe('Home page of the latest version.'),
  match: z.string().optional().describe('With name: what matched (id, alias, title, package or similar).'),
});

export const librariesInput = z.strictObject({
  name: z
    .string()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .optional()
    .describe('A library name as a person or a package file writes it (hono, Hono, @hono/zod-validator); omit to list every library.'),
});

export const librariesOutput = z.strictObject({
  libraries: z.array(librarySummary).describe('With name, the matches best first; without, every library, the default first.'),
  total: z.number().describe('Number of entries in libraries.'),
});

export type DocumentEntry = z.infer<typeof documentEntry>;
