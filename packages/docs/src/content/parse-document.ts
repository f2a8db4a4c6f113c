import { z } from 'zod';
import { heroTitle, readDocumentMeta, type DocumentMeta } from './document-meta.js';
import { splitFrontMatter } from './front-matter.js';
import { parseMarkdownBody, type RawHeading, type RawLink, type RawSection } from './markdown-sections.js';
import { normaliseMarkdown } from './markup/normalise.js';
import { toSourceLines, type SourceLine } from './markup/source-line.js';
import type { ProblemList } from './problems.js';
import { validateBlock } from './schema-problems.js';

const nonEmpty = z.string().trim().min(1, 'must be a non-empty string');

/** Front matter of a document in strict mode: every field required, no other key. */
const strictFrontMatter = z.strictObject({
  title: nonEmpty,
  summary: nonEmpty,
  group: nonEmpty,
  order: z.number().int('must be a whole number'),
  topics: z.array(nonEmpty).min(1, 'must list at least one topic tag'),
});

/** A tag as written in front matter, with its line. */
export interface WrittenTag {
  readonly tag: string;
  readonly line: number;
}

/** A document as read from one file, before links are resolved and navigation is worked out. */
export interface ParsedDocument {
  readonly slug: string;
  /** Path of the file below the documents folder, with `/` separators. */
  readonly path: string;
  readonly title: string;
  readonly summary: string;
  /** True when the summary is the first paragraph of the body rather than written in front matter. */
  readonly summaryFromBody: boolean;
  readonly group: string | undefined;
  /** Line of the `group` key, where a group strict mode does not know is reported. */
  readonly groupLine: number;
  readonly order: number | undefined;
  readonly label: string | undefined;
  readonly tags: readonly WrittenTag[];
  readonly draft: boolean;
  /** The normalised body, line by line. */
  readonly lines: readonly SourceLine[];
  /** Lines left out of the document's Markdown: the level-1 heading that gave the title. */
  readonly skip: ReadonlySet<number>;
  readonly sections: readonly RawSection[];
  readonly headings: readonly RawHeading[];
  readonly links: readonly RawLink[];
  readonly codeLines: ReadonlySet<number>;
  readonly file: string;
}

/**
 * Reads one document file; reports problems and gives `undefined` when it cannot be used. In strict
 * mode the front matter is required and must hold exactly the service's own fields; otherwise it is
 * optional, and the title falls back to the first level-1 heading and then the file name, and the
 * summary to the first paragraph.
 */
export function parseDocument(
  text: string,
  file: string,
  slug: string,
  path: string,
  problems: ProblemList,
  readPartial?: (specifier: string) => string | undefined,
): ParsedDocument | undefined {
  const strict = problems.strict;
  const split = splitFrontMatter(text, file, '', problems, !strict);
  if (!split) return undefined;
  let meta: DocumentMeta;
  if (strict) {
    const valid = validateBlock(strictFrontMatter, split.frontMatter, file, problems, 'front matter');
    if (!valid) return undefined;
    meta = {
      title: valid.title,
      summary: valid.summary,
      group: valid.group,
      order: valid.order,
      tags: valid.topics.map((tag, index) => ({ tag, line: split.frontMatter.lineOf(['topics', index]) })),
      draft: false,
      homeText: [],
    };
  } else {
    meta = readDocumentMeta(split.frontMatter, file, problems);
  }
  const lines = normaliseMarkdown([...meta.homeText, ...toSourceLines(split.body, split.bodyLine)], {
    strict,
    ...(readPartial ? { readPartial } : {}),
  });
  const body = parseMarkdownBody(lines, file, problems);
  if (body.sections.length === 0) problems.soft(file, split.bodyLine, 'the document has no content');
  const title = meta.title ?? heroTitle(split.frontMatter) ?? (body.title?.text || undefined) ?? titleFromPath(path);
  const summary = meta.summary ?? shorten(body.firstParagraph ?? '');
  if (summary === '') problems.warn(file, 1, 'no summary: add a `description` to the front matter, or a paragraph of text to the page');
  const skip = new Set<number>();
  if (body.title) for (let index = body.title.start; index < body.title.end; index++) skip.add(index);
  return {
    slug,
    path,
    title,
    summary,
    summaryFromBody: meta.summary === undefined && summary !== '',
    group: meta.group,
    groupLine: split.frontMatter.lineOf(['group']),
    order: meta.order,
    label: meta.label,
    tags: meta.tags,
    draft: meta.draft,
    lines,
    skip,
    sections: body.sections,
    headings: body.headings,
    links: body.links,
    codeLines: body.codeLines,
    file,
  };
}

/** `guide/getting-started.md` gives `Getting started`; an index page takes its folder's name. */
export function titleFromPath(path: string): string {
  const parts = path.replace(/\.[^./]+$/, '').split('/');
  let name = parts.pop() ?? '';
  if (/^(index|readme)$/i.test(name) && parts.length > 0) name = parts.pop() ?? name;
  const words = name
    .replace(/^\d+[-_.]\s*(?=.)/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Longest summary taken from a paragraph, in characters. */
const summaryLength = 300;

/** A paragraph as a summary: whole when short, else up to the last sentence end (or word) that fits. */
function shorten(paragraph: string): string {
  if (paragraph.length <= summaryLength) return paragraph;
  const head = paragraph.slice(0, summaryLength);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  if (sentenceEnd >= 80) return head.slice(0, sentenceEnd + 1);
  const space = head.lastIndexOf(' ');
  return `${head.slice(0, space > 0 ? space : summaryLength - 1).replace(/[\s,;:]+$/, '')}…`;
}
