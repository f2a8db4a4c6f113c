import { extname, basename } from 'node:path';
import { z } from 'zod';
import { splitFrontMatter } from './front-matter.js';
import type { ProblemList } from './problems.js';
import { validateBlock } from './schema-problems.js';
import type { Example, ExampleLanguage } from './types.js';

/** File extensions an example may have, with the language id and comment marker of each. */
export const exampleKinds: Readonly<Record<string, { language: ExampleLanguage; comment: string }>> = {
  '.ts': { language: 'typescript', comment: '//' },
  '.tsx': { language: 'tsx', comment: '//' },
  '.sh': { language: 'bash', comment: '#' },
};

const nonEmpty = z.string().trim().min(1, 'must be a non-empty string');
const frontMatterSchema = z.strictObject({
  title: nonEmpty,
  description: nonEmpty,
  topics: z.array(nonEmpty).min(1, 'must list at least one example topic'),
  relatedDocs: z
    .string()
    .regex(/^\/docs\/[a-z0-9-]+(?:\/[a-z0-9-]+)*(#[\w-]+)?$/, 'must be a section url like `/docs/core-concepts#defineapi`'),
});

/** An example as read from one file, before `relatedDocs` is resolved, with the lines to report at. */
export interface ParsedExample extends Example {
  readonly relatedDocsLine: number;
  readonly topicLines: readonly number[];
}

/** Reads one example file; reports problems and gives `undefined` when it cannot be used. */
export function parseExample(text: string, file: string, problems: ProblemList): ParsedExample | undefined {
  const kind = exampleKinds[extname(file)];
  if (!kind) {
    problems.soft(file, 1, `unsupported example file type "${extname(file)}"; use ${Object.keys(exampleKinds).join(', ')}`);
    return undefined;
  }
  const split = splitFrontMatter(text, file, kind.comment, problems);
  if (!split) return undefined;
  const meta = validateBlock(frontMatterSchema, split.frontMatter, file, problems, 'front matter');
  if (!meta) return undefined;
  const code = split.prefix + split.body.replace(/^\s*\n/, '').trimEnd() + '\n';
  if (code.trim() === '') problems.soft(file, split.bodyLine, 'the example has no code after its front matter');
  return {
    id: basename(file, extname(file)),
    title: meta.title,
    description: meta.description,
    topics: meta.topics,
    relatedDocs: meta.relatedDocs,
    relatedDocsLine: split.frontMatter.lineOf(['relatedDocs']),
    topicLines: meta.topics.map((_, index) => split.frontMatter.lineOf(['topics', index])),
    code,
    language: kind.language,
    file,
  };
}
