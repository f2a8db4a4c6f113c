import { z } from 'zod';
import type { ProblemList } from './problems.js';
import { validateBlock } from './schema-problems.js';
import type { Site, Taxonomy } from './types.js';
import { parseYamlBlock } from './yaml-block.js';

const nonEmpty = z.string().trim().min(1, 'must be a non-empty string');
const tagPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const tag = z.string().regex(tagPattern, 'must be lower-case kebab-case, for example `vector-search`');

const siteSchema = z.strictObject({
  title: nonEmpty,
  summary: nonEmpty,
  groups: z.array(nonEmpty).min(1, 'must list at least one navigation group'),
});

const taxonomySchema = z.strictObject({
  categories: z.record(tag, z.array(tag)),
  examples: z.array(nonEmpty).min(1, 'must list at least one example topic'),
});

const synonymsSchema = z.array(z.array(nonEmpty).min(2, 'a synonym group needs at least two terms'));

/** Parses `site.yaml`. */
export function parseSite(text: string, file: string, problems: ProblemList): Site | undefined {
  const block = parseYamlBlock(text, file, 1, problems);
  return block && validateBlock(siteSchema, block, file, problems, 'site');
}

/** Parses `taxonomy.yaml`, and checks that every finer tag belongs to exactly one category. */
export function parseTaxonomy(text: string, file: string, problems: ProblemList): Taxonomy | undefined {
  const block = parseYamlBlock(text, file, 1, problems);
  const raw = block && validateBlock(taxonomySchema, block, file, problems, 'taxonomy');
  if (!block || !raw) return undefined;
  const categories = new Map<string, readonly string[]>();
  const categoryOf = new Map<string, string>();
  for (const category of Object.keys(raw.categories)) categoryOf.set(category, category);
  for (const [category, tags] of Object.entries(raw.categories)) {
    categories.set(category, tags);
    tags.forEach((tagName, index) => {
      const owner = categoryOf.get(tagName);
      if (owner !== undefined) {
        const where = owner === tagName ? 'is a category name' : `already belongs to category "${owner}"`;
        problems.add(file, block.lineOf(['categories', category, index]), `tag "${tagName}" ${where}; a tag belongs to exactly one category`);
      } else categoryOf.set(tagName, category);
    });
  }
  return { categories, categoryOf, exampleTopics: raw.examples };
}

/** Parses `synonyms.yaml`: a list of groups of interchangeable terms. */
export function parseSynonyms(text: string, file: string, problems: ProblemList): string[][] | undefined {
  const block = parseYamlBlock(text, file, 1, problems);
  const groups = block && validateBlock(synonymsSchema, block, file, problems, 'synonyms');
  return groups?.map((group) => group.map((term) => term.toLowerCase()));
}
