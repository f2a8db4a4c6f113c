import { z } from 'zod';
import { splitFrontMatter } from './front-matter.js';
import { parseMarkdownBody, type RawLink, type RawSection } from './markdown-sections.js';
import type { ProblemList } from './problems.js';
import { validateBlock } from './schema-problems.js';
import type { Site, Taxonomy } from './types.js';
import type { YamlBlock } from './yaml-block.js';

const nonEmpty = z.string().trim().min(1, 'must be a non-empty string');

const frontMatterSchema = z.strictObject({
  title: nonEmpty,
  summary: nonEmpty,
  group: nonEmpty,
  order: z.number().int('must be a whole number'),
  topics: z.array(nonEmpty).min(1, 'must list at least one topic tag'),
});

/** A document as read from one file, before links are resolved. */
export interface ParsedDocument {
  readonly slug: string;
  readonly title: string;
  readonly summary: string;
  readonly group: string;
  readonly order: number;
  readonly tags: readonly string[];
  readonly markdown: string;
  readonly sections: readonly (RawSection & { readonly tags: readonly string[] })[];
  readonly links: readonly RawLink[];
  readonly file: string;
}

/** Reads one document file; reports problems and gives `undefined` when it cannot be used. */
export function parseDocument(
  text: string,
  file: string,
  slug: string,
  site: Site,
  taxonomy: Taxonomy,
  problems: ProblemList,
): ParsedDocument | undefined {
  const split = splitFrontMatter(text, file, '', problems);
  if (!split) return undefined;
  const meta = validateBlock(frontMatterSchema, split.frontMatter, file, problems, 'front matter');
  if (!meta) return undefined;
  if (!site.groups.includes(meta.group)) {
    problems.add(file, split.frontMatter.lineOf(['group']), `group: "${meta.group}" is not a navigation group; use one of ${site.groups.join(', ')} (site.yaml)`);
  }
  const tags = checkTags(meta.topics, taxonomy, file, problems, (index) => split.frontMatter.lineOf(['topics', index]));
  const body = parseMarkdownBody(split.body, file, split.bodyLine, problems);
  if (body.sections.length === 0) problems.add(file, split.bodyLine, 'the document has no content');
  const sections = body.sections.map((section) => ({
    ...section,
    tags: checkTags(section.ownTags, taxonomy, file, problems, () => section.line + 1),
  }));
  return {
    slug,
    title: meta.title,
    summary: meta.summary,
    group: meta.group,
    order: meta.order,
    tags,
    markdown: split.body.trim(),
    sections,
    links: body.links,
    file,
  };
}

/** Keeps the known tags (lower-cased); reports each unknown one with the closest known tag. */
function checkTags(
  tags: readonly string[],
  taxonomy: Taxonomy,
  file: string,
  problems: ProblemList,
  lineOf: (index: number) => number,
): string[] {
  return tags.flatMap((raw, index) => {
    const tag = raw.toLowerCase();
    if (taxonomy.categoryOf.has(tag)) return [tag];
    problems.add(file, lineOf(index), `unknown topic tag "${raw}"; add it to taxonomy.yaml under its category, or use a listed tag`);
    return [];
  });
}

export type { YamlBlock };
