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
  strict: z.boolean().optional(),
});

/** `site.yaml` outside strict mode: every field optional. */
export interface PartialSite {
  readonly title?: string;
  readonly summary?: string;
  readonly groups: readonly string[];
}

/**
 * Whether `site.yaml` switches strict mode on (`strict: true`). Read before anything else, since it
 * decides how every other problem counts; a file that is not YAML is an error in either mode.
 */
export function readStrictFlag(text: string, file: string, problems: ProblemList): boolean {
  const block = parseYamlBlock(text, file, 1, problems);
  const value = block?.value;
  return typeof value === 'object' && value !== null && (value as { strict?: unknown }).strict === true;
}

const taxonomySchema = z.strictObject({
  categories: z.record(tag, z.array(tag)),
  examples: z.array(nonEmpty).min(1, 'must list at least one example topic'),
});

const synonymsSchema = z.array(z.array(nonEmpty).min(2, 'a synonym group needs at least two terms'));

/** Parses `site.yaml` in strict mode: title, summary and groups required. */
export function parseSite(text: string, file: string, problems: ProblemList): Site | undefined {
  const block = parseYamlBlock(text, file, 1, problems);
  const site = block && validateBlock(siteSchema, block, file, problems, 'site');
  return site && { title: site.title, summary: site.summary, groups: site.groups };
}

/** Parses `site.yaml` outside strict mode: what is there and valid is used, the rest is a warning. */
export function parsePartialSite(text: string, file: string, problems: ProblemList): PartialSite {
  const block = parseYamlBlock(text, file, 1, problems);
  if (!block || typeof block.value !== 'object' || block.value === null) return { groups: [] };
  const value = block.value as Record<string, unknown>;
  const text_ = (key: string) => {
    const raw = value[key];
    if (raw === undefined) return undefined;
    if (typeof raw === 'string' && raw.trim() !== '') return raw.trim();
    problems.warn(file, block.lineOf([key]), `${key}: expected text; the value is ignored`);
    return undefined;
  };
  for (const key of Object.keys(value)) {
    if (!['title', 'summary', 'groups', 'strict'].includes(key))
      problems.warn(file, block.lineOf([key]), `unknown setting "${key}"; site.yaml knows title, summary, groups and strict`);
  }
  let groups: string[] = [];
  if (Array.isArray(value.groups) && value.groups.every((group) => typeof group === 'string')) groups = value.groups as string[];
  else if (value.groups !== undefined)
    problems.warn(file, block.lineOf(['groups']), 'groups: expected a list of group names; the value is ignored');
  const title = text_('title');
  const summary = text_('summary');
  return { ...(title !== undefined ? { title } : {}), ...(summary !== undefined ? { summary } : {}), groups };
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
        problems.soft(
          file,
          block.lineOf(['categories', category, index]),
          `tag "${tagName}" ${where}; a tag belongs to exactly one category`,
        );
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
