import { createHash } from 'node:crypto';
import { basename, extname, resolve } from 'node:path';
import { parseDocument, type ParsedDocument } from './parse-document.js';
import { parseExample, type ParsedExample } from './parse-example.js';
import { ContentError, ProblemList } from './problems.js';
import { readContentFiles, type ContentFile } from './read-files.js';
import { parseSite, parseSynonyms, parseTaxonomy } from './settings.js';
import type { Content, Document, Example, Section, Taxonomy } from './types.js';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads, validates and assembles a content directory. Every problem found is collected and thrown
 * together as a `ContentError` (each `file:line: message`); on success the result is immutable and
 * needs no further disk access.
 *
 * @example
 * ```ts
 * import { embeddedContentDirectory, loadContent } from '@kit/docs';
 *
 * const content = await loadContent(embeddedContentDirectory);
 * console.log(content.documents.length, content.sections.length, content.examples.length);
 * ```
 */
export async function loadContent(directory: string): Promise<Content> {
  const root = resolve(directory);
  const files = await readContentFiles(root).catch((error: NodeJS.ErrnoException) => {
    throw new ContentError([{ file: root, line: 1, message: `cannot read the content directory (${error.code ?? error.message}); pass an existing directory` }]);
  });
  return assembleContent(root, files);
}

/**
 * Builds `Content` from files already read; kept apart from `loadContent` so tests can use in-memory files.
 *
 * @example
 * ```ts
 * import { assembleContent } from './load.js';
 *
 * const file = (relativePath: string, text: string) => ({ path: `/c/${relativePath}`, relativePath, text });
 * const content = assembleContent('/c', [
 *   file('site.yaml', 'title: T\nsummary: S\ngroups: [Guides]\n'),
 *   file('taxonomy.yaml', 'categories:\n  api: []\nexamples: [basics]\n'),
 *   file('docs/intro.md', '---\ntitle: Intro\nsummary: S\ngroup: Guides\norder: 1\ntopics: [api]\n---\nHello.\n'),
 * ]);
 * console.log(content.sections[0]?.url); // /docs/intro#overview
 * ```
 */
export function assembleContent(root: string, files: readonly ContentFile[]): Content {
  const problems = new ProblemList();
  const byPath = new Map(files.map((file) => [file.relativePath, file]));
  const required = (name: string) => {
    const file = byPath.get(name);
    if (!file) problems.add(resolve(root, name), 1, `missing ${name}; every content directory has one (see docs/content-format.md)`);
    return file;
  };
  const siteFile = required('site.yaml');
  const taxonomyFile = required('taxonomy.yaml');
  const site = siteFile && parseSite(siteFile.text, siteFile.path, problems);
  const taxonomy = taxonomyFile && parseTaxonomy(taxonomyFile.text, taxonomyFile.path, problems);
  const synonymsFile = byPath.get('synonyms.yaml');
  const synonyms = synonymsFile ? parseSynonyms(synonymsFile.text, synonymsFile.path, problems) ?? [] : [];
  if (!site || !taxonomy) throw new ContentError(problems.items);

  const parsedDocuments: ParsedDocument[] = [];
  const seenSlugs = new Map<string, string>();
  for (const file of files.filter((f) => f.relativePath.startsWith('docs/'))) {
    if (extname(file.path) !== '.md') {
      problems.add(file.path, 1, 'only Markdown (.md) documents belong in docs/');
      continue;
    }
    const slug = basename(file.path, '.md');
    if (!slugPattern.test(slug)) {
      problems.add(file.path, 1, `file name "${slug}" is not a valid slug; rename it in lower-case kebab-case`);
      continue;
    }
    const other = seenSlugs.get(slug);
    if (other) {
      problems.add(file.path, 1, `duplicate slug "${slug}": ${other} has the same file name; rename one of them`);
      continue;
    }
    seenSlugs.set(slug, file.relativePath);
    const parsed = parseDocument(file.text, file.path, slug, site, taxonomy, problems);
    if (parsed) parsedDocuments.push(parsed);
  }

  const groupIndex = (group: string) => site.groups.indexOf(group);
  parsedDocuments.sort((a, b) => groupIndex(a.group) - groupIndex(b.group) || a.order - b.order || a.slug.localeCompare(b.slug));
  const documents = parsedDocuments.map((parsed) => toDocument(parsed, taxonomy));
  const sectionUrls = new Set(documents.flatMap((document) => [document.url, ...document.sections.map((section) => section.url)]));
  for (const parsed of parsedDocuments) {
    for (const link of parsed.links) checkLink(link.href, parsed.slug, sectionUrls, (message) => problems.add(parsed.file, link.line, message));
  }

  const examples: Example[] = [];
  const seenIds = new Map<string, string>();
  const exampleTopicByKey = new Map(taxonomy.exampleTopics.map((topic) => [topic.toLowerCase(), topic]));
  for (const file of files.filter((f) => f.relativePath.startsWith('examples/'))) {
    const parsed = parseExample(file.text, file.path, problems);
    if (!parsed) continue;
    const other = seenIds.get(parsed.id);
    if (other) {
      problems.add(file.path, 1, `duplicate example id "${parsed.id}": ${other} has the same name; rename one of them`);
      continue;
    }
    seenIds.set(parsed.id, file.relativePath);
    examples.push(toExample(parsed, exampleTopicByKey, sectionUrls, problems));
  }
  examples.sort((a, b) => a.id.localeCompare(b.id));

  if (!problems.isEmpty) throw new ContentError(problems.items);
  return {
    version: contentVersion(files),
    directory: root,
    site,
    taxonomy,
    synonyms,
    documents,
    sections: documents.flatMap((document) => document.sections),
    examples,
  };
}

function toDocument(parsed: ParsedDocument, taxonomy: Taxonomy): Document {
  const url = `/docs/${parsed.slug}`;
  const sections: Section[] = parsed.sections.map((raw) => ({
    documentSlug: parsed.slug,
    documentTitle: parsed.title,
    heading: raw.heading,
    anchor: raw.anchor,
    level: raw.level,
    parentAnchor: raw.parentAnchor,
    url: `${url}#${raw.anchor}`,
    markdown: raw.markdown,
    text: raw.text,
    code: raw.code,
    topics: withCategories([...parsed.tags, ...raw.tags], taxonomy),
    wordCount: raw.text.split(/\s+/).filter(Boolean).length,
    file: parsed.file,
    line: raw.line,
  }));
  return {
    slug: parsed.slug,
    title: parsed.title,
    summary: parsed.summary,
    group: parsed.group,
    order: parsed.order,
    topics: withCategories(parsed.tags, taxonomy),
    url,
    markdown: parsed.markdown,
    sections,
    file: parsed.file,
  };
}

function toExample(parsed: ParsedExample, topicByKey: ReadonlyMap<string, string>, sectionUrls: ReadonlySet<string>, problems: ProblemList): Example {
  const topics = parsed.topics.flatMap((topic, index) => {
    const known = topicByKey.get(topic.toLowerCase());
    if (known) return [known];
    problems.add(parsed.file, parsed.topicLines[index] ?? 1, `unknown example topic "${topic}"; use one of taxonomy.yaml examples: ${[...topicByKey.values()].join(', ')}`);
    return [];
  });
  if (!sectionUrls.has(parsed.relatedDocs)) {
    problems.add(parsed.file, parsed.relatedDocsLine, `relatedDocs: "${parsed.relatedDocs}" names no document section; point it at an existing /docs/<slug>#<anchor>`);
  }
  const { relatedDocsLine: _line, topicLines: _lines, ...example } = parsed;
  return { ...example, topics };
}

/** Links to `/docs/…` and to `#anchor` within the same document must resolve; others are not checked. */
function checkLink(href: string, slug: string, urls: ReadonlySet<string>, report: (message: string) => void): void {
  const target = href.startsWith('#') ? `/docs/${slug}${href}` : href;
  if (!target.startsWith('/docs/')) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('/')) report(`relative link "${href}"; write links to documents as /docs/<slug>#<anchor>`);
    return;
  }
  const withoutMd = target.replace(/\.md(#|$)/, '$1');
  if (!urls.has(withoutMd)) report(`broken link "${href}": no such document or section`);
}

/** A document's tags and each tag's category, de-duplicated and sorted for stable output. */
function withCategories(tags: readonly string[], taxonomy: Taxonomy): string[] {
  const all = new Set<string>();
  for (const tag of tags) {
    all.add(tag);
    const category = taxonomy.categoryOf.get(tag);
    if (category) all.add(category);
  }
  return [...all].sort();
}

/** sha256 over every file's path and text, shortened; equal content gives an equal version. */
function contentVersion(files: readonly ContentFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.relativePath).update('\0').update(file.text).update('\0');
  return hash.digest('hex').slice(0, 16);
}
