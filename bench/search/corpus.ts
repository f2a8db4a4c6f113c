import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { SearchableSection, SynonymGroups } from '@kit/docs-search';
import { assembleContent, ContentError, loadContent, type Content } from '../../packages/docs/src/content/index.js';

/** The sections and synonyms every engine of the benchmark indexes. */
export interface BenchCorpus {
  readonly sections: readonly SearchableSection[];
  readonly synonyms: SynonymGroups;
  /** Problems the content loader reported, when the corpus had to be loaded leniently. */
  readonly warnings: readonly string[];
}

/** The kit corpus, as the service serves it. */
export const CONTENT_DIRECTORY = resolve(import.meta.dirname, '../../packages/docs/content');

/**
 * Loads the corpus through the service's own content loader and converts it with the service's
 * search adapter, so the benchmark ranks exactly the sections `/api/search` ranks. While the corpus
 * is being written it may have broken links; those do not change any section's text, so the loader
 * is then run again with links neutralised, and the problems are reported as warnings.
 */
export async function loadBenchCorpus(directory: string = CONTENT_DIRECTORY): Promise<BenchCorpus> {
  let content: Content;
  let warnings: string[] = [];
  try {
    content = await loadContent(directory);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    warnings = error.problems.map((problem) => `${relative(directory, problem.file)}:${problem.line}: ${problem.message}`);
    content = assembleContent(resolve(directory), await readLeniently(directory));
  }
  return { sections: await toSections(content), synonyms: content.synonyms, warnings };
}

async function readLeniently(directory: string): Promise<{ path: string; relativePath: string; text: string }[]> {
  const root = resolve(directory);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const files = await Promise.all(
    paths.map(async (path) => ({ path, relativePath: relative(root, path).split('\\').join('/'), text: await readFile(path, 'utf8') })),
  );
  return files
    .filter((file) => !file.relativePath.startsWith('examples/'))
    .map((file) =>
      file.relativePath.startsWith('docs/') ? { ...file, text: file.text.replace(/\]\(\/docs\//gu, '](https://docs.invalid/docs/') } : file,
    );
}

interface SearchAdapter {
  toSearchableSections(content: Content): SearchableSection[];
}

async function toSections(content: Content): Promise<SearchableSection[]> {
  // The service's adapter, when present, is the reference conversion.
  const adapterModule = '../../packages/docs/src/search/index.js';
  try {
    const adapter = (await import(adapterModule)) as Partial<SearchAdapter>;
    if (typeof adapter.toSearchableSections === 'function') return adapter.toSearchableSections(content);
  } catch {
    // Not written yet: convert the same way the Content type describes.
  }
  return content.sections.map((section) => ({
    id: `${section.documentSlug}#${section.anchor}`,
    documentTitle: section.documentTitle,
    heading: section.heading,
    text: section.text,
    code: section.code,
    topics: section.topics,
  }));
}
