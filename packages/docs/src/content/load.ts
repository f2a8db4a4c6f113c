import { createHash } from 'node:crypto';
import { basename, dirname, extname, posix, resolve } from 'node:path';
import {
  docusaurusSidebarsFiles,
  readDocusaurusSidebars,
  readFolderSettings,
  readMkdocs,
  type MkdocsSettings,
} from './folder/generator-settings.js';
import { detectLayout, generatorSiteText, type LayoutInfo } from './folder/layout.js';
import { readContentImages, resolveImage, type ContentImages } from './folder/images.js';
import { LinkResolver, rewriteLinks, type LinkTarget } from './folder/links.js';
import { placeDocuments } from './folder/navigation.js';
import { documentExtension, documentSlug, foldersWithIndex, invalidStrictName } from './folder/slugs.js';
import { folderTopic, inferTaxonomy, topicName } from './folder/topics.js';
import { sliceMarkdown } from './markdown-sections.js';
import type { SourceLine } from './markup/source-line.js';
import { parseDocument, titleFromPath, type ParsedDocument, type WrittenTag } from './parse-document.js';
import { parseExample, type ParsedExample } from './parse-example.js';
import { ContentError, ProblemList } from './problems.js';
import { listFiles, readContentFiles, type ContentFile, type ContentLimits } from './read-files.js';
import { parsePartialSite, parseSite, parseSynonyms, parseTaxonomy, readStrictFlag } from './settings.js';
import type { Content, Document, Example, Section, Site, Taxonomy } from './types.js';

/**
 * Reads, validates and assembles a content directory: a kit content directory (`site.yaml`,
 * `taxonomy.yaml`, `docs/`, `examples/`) or a documentation folder as VitePress, Docusaurus, MkDocs,
 * Starlight or plain Markdown lay it out, with no settings at all. Errors are collected and thrown
 * together as a `ContentError` (each `file:line: message`); warnings are kept in `content.warnings`.
 * A file over 2 MiB, or a folder over 64 MiB of text, is refused before it is read (`options.limits`,
 * or `KIT_DOCS_MAX_FILE_SIZE` and `KIT_DOCS_MAX_FOLDER_SIZE`). Loading takes time linear in the size of
 * the text. On success the result is immutable and needs no further disk access.
 *
 * @example
 * ```ts
 * import { embeddedContentDirectory, loadContent } from '@kit/docs';
 *
 * const content = await loadContent(embeddedContentDirectory);
 * console.log(content.documents.length, content.sections.length, content.examples.length);
 * ```
 */
export async function loadContent(directory: string, options: LoadContentOptions = {}): Promise<Content> {
  const root = resolve(directory);
  const { files, images } = await readContentDirectory(root, options.limits);
  return assembleContent(root, files, images);
}

/** Options of `loadContent`. */
export interface LoadContentOptions {
  /**
   * How large a file, and all the files of the folder, may be (see `ContentLimits`). Each one left
   * out is read from `KIT_DOCS_MAX_FILE_SIZE` or `KIT_DOCS_MAX_FOLDER_SIZE`, else its default (2 MiB, 64 MiB).
   */
  readonly limits?: Partial<ContentLimits>;
}

/**
 * Everything the loader reads from a content directory: its files and its images, from one listing of
 * the directory. A directory that cannot be listed is a `ContentError`, as an unreadable file or one
 * past the limits is.
 */
export async function readContentDirectory(
  root: string,
  limits: Partial<ContentLimits> = {},
): Promise<{ files: ContentFile[]; images: ContentImages }> {
  const listed = await listFiles(root).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ContentError([{ file: root, line: 1, message: `cannot read the content directory (${code}); pass an existing directory` }]);
  });
  return { files: await readContentFiles(root, listed, limits), images: await readContentImages(root, listed) };
}

/**
 * Builds `Content` from files already read; kept apart from `loadContent` so tests can use in-memory files.
 *
 * @example
 * ```ts
 * import { assembleContent } from './load.js';
 *
 * const file = (relativePath: string, text: string) => ({ path: `/c/${relativePath}`, relativePath, text });
 * const content = assembleContent('/c', [file('guide/intro.md', '# Intro\n\nHello.\n')]);
 * console.log(content.sections[0]?.url); // /docs/guide/intro#overview
 * ```
 */
export function assembleContent(
  root: string,
  files: readonly ContentFile[],
  read: ContentImages = { images: new Map(), skipped: [] },
): Content {
  const { images } = read;
  const layout = detectLayout(files);
  const byPath = new Map(files.map((file) => [file.relativePath, file]));
  const siteFile = byPath.get('site.yaml');
  const flagProblems = new ProblemList(true);
  const strict = siteFile ? readStrictFlag(siteFile.text, siteFile.path, flagProblems) : false;
  if (!flagProblems.isEmpty) throw new ContentError(flagProblems.items);
  const problems = new ProblemList(strict);
  for (const { file, reason } of read.skipped) problems.warn(file, 1, reason);
  const settings = strict ? strictSettings(root, byPath, problems) : lenientSettings(byPath, layout, problems);
  const { taxonomy: givenTaxonomy, synonyms } = settings;

  const { entries: parsed, candidates } = readDocuments(files, layout, problems);
  const site: Site = strict ? settings.site! : siteOf(root, settings, parsed, generatorSiteText(files));
  const placed = strict ? strictOrder(parsed, site, problems) : lenientOrder(files, parsed, layout, settings.mkdocs, site, problems);
  const taxonomy = givenTaxonomy ?? inferTaxonomy(parsed.flatMap(({ document }) => inferredTopics(document)));

  const targets = new Map(parsed.map(({ document, isIndex }) => [document, linkTarget(document, isIndex)]));
  const resolver = new LinkResolver([...targets.values()]);
  const sectionUrls = new Set(
    parsed.flatMap(({ document }) => [
      `/docs/${document.slug}`,
      ...document.sections.map((section) => `/docs/${document.slug}#${section.anchor}`),
    ]),
  );
  const documents = placed.map(({ document, group, order, label }) => {
    let lines: readonly SourceLine[] = document.lines;
    if (strict) {
      for (const link of document.links)
        checkStrictLink(link.href, document.slug, sectionUrls, (message) => problems.add(document.file, link.line, message));
    } else {
      const from = targets.get(document)!;
      for (const link of document.links) {
        const { problem } = resolver.resolve(link.href, from);
        if (problem) problems.warn(document.file, link.line, problem);
      }
      lines = rewriteLinks(document.lines, document.codeLines, (href, line) => {
        // Images are files of the folder, served from memory; every other link goes to a page.
        const image = resolveImage(href, document.path, layout.docsRoot, images);
        if (image === undefined) return resolver.resolve(href, from).href;
        if (image.problem) problems.warn(document.file, line, image.problem);
        return image.href;
      });
    }
    const tags = documentTopics(document, taxonomy, givenTaxonomy !== undefined, problems);
    return toDocument(document, lines, { group, order, label, tags }, taxonomy, givenTaxonomy !== undefined, problems);
  });

  const examples = layout.layout === 'kit' ? readExamples(files, taxonomy, sectionUrls, problems) : [];
  if (!strict && candidates === 0) {
    const where = layout.docsRoot === '' ? root : resolve(root, layout.docsRoot);
    problems.add(where, 1, `no documents: found no Markdown (.md, .mdx) files in ${where}; pass the folder that holds the documentation`);
  }
  if (!problems.isEmpty) throw new ContentError(problems.items, problems.warnings);
  return {
    version: contentVersion(files),
    directory: root,
    layout: layout.layout,
    strict,
    warnings: problems.warnings,
    site,
    taxonomy,
    synonyms,
    documents,
    sections: documents.flatMap((document) => document.sections),
    examples,
    images,
  };
}

interface Settings {
  readonly site: Site | undefined;
  readonly partialSite: { readonly title?: string; readonly summary?: string; readonly groups: readonly string[] } | undefined;
  readonly taxonomy: Taxonomy | undefined;
  readonly synonyms: string[][];
  readonly mkdocs: MkdocsSettings | undefined;
}

/** Strict mode: `site.yaml` and `taxonomy.yaml` are required and complete. */
function strictSettings(root: string, byPath: ReadonlyMap<string, ContentFile>, problems: ProblemList): Settings {
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
  const synonyms = synonymsFile ? (parseSynonyms(synonymsFile.text, synonymsFile.path, problems) ?? []) : [];
  if (!site || !taxonomy) throw new ContentError(problems.items);
  return { site, partialSite: undefined, taxonomy, synonyms, mkdocs: undefined };
}

/** Outside strict mode every settings file is optional, and what is broken in one is a warning. */
function lenientSettings(byPath: ReadonlyMap<string, ContentFile>, layout: LayoutInfo, problems: ProblemList): Settings {
  const siteFile = byPath.get('site.yaml');
  const taxonomyFile = byPath.get('taxonomy.yaml');
  const synonymsFile = byPath.get('synonyms.yaml');
  let mkdocs: MkdocsSettings | undefined;
  if (layout.mkdocs) {
    // A broken mkdocs.yml only costs its nav and site name: the folders still order the documents.
    const local = new ProblemList(false);
    mkdocs = readMkdocs(layout.mkdocs, local);
    for (const problem of [...local.items, ...local.warnings]) problems.warn(problem.file, problem.line, problem.message);
  }
  const sidebars =
    layout.layout === 'docusaurus' ? docusaurusSidebarsFiles.map((name) => byPath.get(name)).find((file) => file !== undefined) : undefined;
  if (sidebars) mkdocs = readDocusaurusSidebars(sidebars, problems);
  return {
    site: undefined,
    partialSite: siteFile ? parsePartialSite(siteFile.text, siteFile.path, problems) : undefined,
    taxonomy: taxonomyFile ? parseTaxonomy(taxonomyFile.text, taxonomyFile.path, problems) : undefined,
    synonyms: synonymsFile ? (parseSynonyms(synonymsFile.text, synonymsFile.path, problems) ?? []) : [],
    mkdocs,
  };
}

interface ParsedEntry {
  readonly document: ParsedDocument;
  readonly isIndex: boolean;
}

/** Every document file of the documents folder, parsed; drafts and partials (`_name.md`) left out. */
function readDocuments(
  files: readonly ContentFile[],
  layout: LayoutInfo,
  problems: ProblemList,
): { entries: ParsedEntry[]; candidates: number } {
  const strict = problems.strict;
  // Strict mode is the kit layout as it always was: the documents are exactly the files in docs/.
  const prefix = strict ? 'docs/' : layout.docsRoot === '' ? '' : `${layout.docsRoot}/`;
  const candidates = files.filter((file) => {
    const path = file.relativePath;
    if (!path.startsWith(prefix) || path.startsWith('../')) return false;
    if (layout.layout === 'kit' && prefix === '' && path.startsWith('examples/')) return false;
    if (strict) return true;
    const name = basename(path);
    return documentExtension.test(name) && !name.startsWith('_');
  });
  const paths = candidates.map((file) => file.relativePath.slice(prefix.length));
  const byPath = new Map(files.map((file) => [file.relativePath, file.text]));
  const withIndex = foldersWithIndex(paths);
  const entries: ParsedEntry[] = [];
  const seen = new Map<string, string>();
  candidates.forEach((file, position) => {
    const path = paths[position]!;
    if (strict && extname(file.path) !== '.md') {
      problems.add(file.path, 1, 'only Markdown (.md) documents belong in docs/');
      return;
    }
    const { slug, isIndex, names } = documentSlug(path, layout.stripNumberPrefixes, withIndex);
    const invalid = strict ? invalidStrictName(names) : undefined;
    if (invalid !== undefined) {
      problems.add(file.path, 1, `file name "${invalid}" is not a valid slug; rename it in lower-case kebab-case`);
      return;
    }
    const other = seen.get(slug);
    if (other) {
      problems.add(file.path, 1, `duplicate slug "${slug}": ${other} has the same slug; rename or move one of them`);
      return;
    }
    seen.set(slug, file.relativePath);
    const document = parseDocument(file.text, file.path, slug, path, problems, (specifier) =>
      partialText(byPath, file.relativePath, specifier),
    );
    if (document && !document.draft) entries.push({ document, isIndex });
  });
  return { entries, candidates: candidates.length };
}

/** The text of a file a document imports (`./_part.mdx`, relative to the document); only files the loader read. */
function partialText(byPath: ReadonlyMap<string, string>, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return byPath.get(posix.normalize(posix.join(posix.dirname(from), specifier)));
}

/** Strict mode: by group (as `site.yaml` lists them), then `order`, then slug; every group must be listed. */
function strictOrder(parsed: readonly ParsedEntry[], site: Site, problems: ProblemList) {
  for (const { document } of parsed) {
    if (document.group !== undefined && !site.groups.includes(document.group)) {
      problems.add(
        document.file,
        document.groupLine,
        `group: "${document.group}" is not a navigation group; use one of ${site.groups.join(', ')} (site.yaml)`,
      );
    }
  }
  const groupIndex = (group: string | undefined) => site.groups.indexOf(group ?? '');
  return [...parsed]
    .sort(
      (a, b) =>
        groupIndex(a.document.group) - groupIndex(b.document.group) ||
        (a.document.order ?? 0) - (b.document.order ?? 0) ||
        a.document.slug.localeCompare(b.document.slug),
    )
    .map(({ document }) => ({ document, group: document.group ?? '', order: document.order ?? 0, label: document.title }));
}

function lenientOrder(
  files: readonly ContentFile[],
  parsed: readonly ParsedEntry[],
  layout: LayoutInfo,
  mkdocs: MkdocsSettings | undefined,
  site: Site,
  problems: ProblemList,
) {
  const navFile = layout.mkdocs ?? files.find((file) => (docusaurusSidebarsFiles as readonly string[]).includes(file.relativePath));
  return placeDocuments(
    parsed.map(({ document, isIndex }) => ({ ...navFields(document), isIndex, parsed: document })),
    {
      folders: readFolderSettings(files, layout.docsRoot, problems),
      mkdocs,
      rootGroup: site.title,
      groupOrder: site.groups,
      onMissingNavPage: (line, path) =>
        problems.warn(navFile?.path ?? '', line, `nav: no document at "${path}" in the documents folder; fix the path or remove the entry`),
    },
  ).map(({ document, group, order, label }) => ({ document: document.parsed, group, order, label }));
}

function navFields(document: ParsedDocument) {
  return {
    slug: document.slug,
    path: document.path,
    title: document.title,
    label: document.label,
    order: document.order,
    group: document.group,
  };
}

/**
 * Title and summary of a set without complete settings: `site.yaml`, then `mkdocs.yml`, then the
 * generator's settings module, then the top index page, then the folder's name.
 */
function siteOf(root: string, settings: Settings, parsed: readonly ParsedEntry[], generator: { title?: string; summary?: string }): Site {
  const index = parsed.find(({ document, isIndex }) => isIndex && !document.path.includes('/'))?.document;
  const folder = ['docs', 'doc', 'content', 'documentation'].includes(basename(root).toLowerCase())
    ? basename(dirname(root))
    : basename(root);
  const title = settings.partialSite?.title ?? settings.mkdocs?.siteName ?? generator.title ?? index?.title ?? titleFromPath(folder);
  const summary =
    settings.partialSite?.summary ??
    settings.mkdocs?.siteDescription ??
    generator.summary ??
    (index?.summary || undefined) ??
    `Documentation of ${title}.`;
  return { title, summary, groups: settings.partialSite?.groups ?? [] };
}

function linkTarget(document: ParsedDocument, isIndex: boolean): LinkTarget {
  const anchors = new Set(document.headings.map((heading) => heading.anchor));
  for (const section of document.sections) anchors.add(section.anchor);
  return { slug: document.slug, path: document.path, isIndex, anchors };
}

/** Topics a document brings to an inferred taxonomy: its top-level folder's, its tags, its sections' comments. */
function inferredTopics(document: ParsedDocument): string[] {
  const folder = folderTopic(document.path);
  return [
    ...(folder ? [folder] : []),
    ...document.tags.map(({ tag }) => topicName(tag)),
    ...document.sections.flatMap((section) => section.ownTags.map(topicName)),
  ];
}

/**
 * A document's own topic tags. With a taxonomy, written tags must be in it (unknown ones are reported
 * and dropped) and the folder's topic counts when the taxonomy knows it; without one, they are the
 * folder's topic and the tags, in kebab-case.
 */
function documentTopics(document: ParsedDocument, taxonomy: Taxonomy, given: boolean, problems: ProblemList): string[] {
  if (!given) {
    const folder = folderTopic(document.path);
    return [...new Set([...(folder ? [folder] : []), ...document.tags.map(({ tag }) => topicName(tag))])].filter((tag) => tag !== '');
  }
  const folder = problems.strict ? undefined : folderTopic(document.path);
  return [
    ...new Set([
      ...(folder && taxonomy.categoryOf.has(folder) ? [folder] : []),
      ...checkTags(document.tags, taxonomy, document.file, problems),
    ]),
  ];
}

/** Keeps the known tags (lower-cased); reports each unknown one. */
function checkTags(tags: readonly WrittenTag[], taxonomy: Taxonomy, file: string, problems: ProblemList): string[] {
  return tags.flatMap(({ tag: raw, line }) => {
    const tag = raw.toLowerCase();
    if (taxonomy.categoryOf.has(tag)) return [tag];
    problems.soft(file, line, `unknown topic tag "${raw}"; add it to taxonomy.yaml under its category, or use a listed tag`);
    return [];
  });
}

interface PlacedFields {
  readonly group: string;
  readonly order: number;
  readonly label: string;
  readonly tags: readonly string[];
}

function toDocument(
  parsed: ParsedDocument,
  lines: readonly SourceLine[],
  placed: PlacedFields,
  taxonomy: Taxonomy,
  given: boolean,
  problems: ProblemList,
): Document {
  const url = `/docs/${parsed.slug}`;
  const sections: Section[] = parsed.sections.map((raw) => {
    const skip = new Set(parsed.skip);
    if (raw.tagLine !== undefined) skip.add(raw.tagLine);
    const ownTags = given
      ? checkTags(
          raw.ownTags.map((tag) => ({ tag, line: raw.line + 1 })),
          taxonomy,
          parsed.file,
          problems,
        )
      : raw.ownTags.map(topicName);
    const text = raw.text;
    return {
      documentSlug: parsed.slug,
      documentTitle: parsed.title,
      heading: raw.heading,
      anchor: raw.anchor,
      level: raw.level,
      parentAnchor: raw.parentAnchor,
      url: `${url}#${raw.anchor}`,
      markdown: sliceMarkdown(lines, raw.start, raw.end, skip),
      text,
      code: raw.code,
      topics: withCategories([...placed.tags, ...ownTags], taxonomy),
      wordCount: text.split(/\s+/).filter(Boolean).length,
      file: parsed.file,
      line: raw.line,
    };
  });
  return {
    slug: parsed.slug,
    title: parsed.title,
    label: placed.label,
    summary: parsed.summary,
    summaryFromBody: parsed.summaryFromBody,
    group: placed.group,
    order: placed.order,
    topics: withCategories(placed.tags, taxonomy),
    url,
    markdown: sliceMarkdown(lines, 0, lines.length, parsed.skip),
    sections,
    headings: parsed.headings,
    file: parsed.file,
  };
}

function readExamples(
  files: readonly ContentFile[],
  taxonomy: Taxonomy,
  sectionUrls: ReadonlySet<string>,
  problems: ProblemList,
): Example[] {
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
  return examples.sort((a, b) => a.id.localeCompare(b.id));
}

function toExample(
  parsed: ParsedExample,
  topicByKey: ReadonlyMap<string, string>,
  sectionUrls: ReadonlySet<string>,
  problems: ProblemList,
): Example {
  const topics = parsed.topics.flatMap((topic, index) => {
    const known = topicByKey.get(topic.toLowerCase());
    if (known) return [known];
    problems.soft(
      parsed.file,
      parsed.topicLines[index] ?? 1,
      `unknown example topic "${topic}"; use one of taxonomy.yaml examples: ${[...topicByKey.values()].join(', ')}`,
    );
    return [];
  });
  if (!sectionUrls.has(parsed.relatedDocs)) {
    problems.soft(
      parsed.file,
      parsed.relatedDocsLine,
      `relatedDocs: "${parsed.relatedDocs}" names no document section; point it at an existing /docs/<slug>#<anchor>`,
    );
  }
  const { relatedDocsLine: _line, topicLines: _lines, ...example } = parsed;
  return { ...example, topics };
}

/** Strict mode: links to `/docs/…` and to `#anchor` within the same document must resolve; relative links are refused. */
function checkStrictLink(href: string, slug: string, urls: ReadonlySet<string>, report: (message: string) => void): void {
  const target = href.startsWith('#') ? `/docs/${slug}${href}` : href;
  if (!target.startsWith('/docs/')) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('/'))
      report(`relative link "${href}"; write links to documents as /docs/<slug>#<anchor>`);
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
