import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ContentError, type ContentProblem } from './problems.js';

/** A file of the content directory with its text. */
export interface ContentFile {
  readonly path: string;
  /** Path relative to the content directory, with `/` separators (`../mkdocs.yml` for a parent's MkDocs settings). */
  readonly relativePath: string;
  readonly text: string;
}

/** Settings files read at the top of the content directory. */
const topFiles = /^(?:site\.yaml|taxonomy\.yaml|synonyms\.yaml|mkdocs\.ya?ml|sidebars\.(?:json|[cm]?[jt]s)|docusaurus\.config\.[cm]?[jt]s|astro\.config\.[cm]?[jt]s)$/;
/** Files read anywhere: documents and Docusaurus category settings. */
const anywhere = /(?:\.mdx?|\.markdown|(?:^|\/)_category_\.(?:json|ya?ml))$/i;
/** VitePress settings, read only to recognise the layout (the file is code and is never run). */
const vitepressConfig = /^(?:docs\/)?\.vitepress\/config\.[cm]?[jt]s$/;

/**
 * Reads the files of a content directory that the loader uses (recursively, sorted by path so that
 * loading is deterministic): documents (`.md`, `.mdx`, `.markdown`), settings files, Docusaurus
 * `_category_` files, and in a kit content directory (one with `site.yaml`) everything under `docs/`
 * and `examples/`. Dot-folders and `node_modules` are never entered. When the directory is the
 * `docs_dir` of an `mkdocs.yml` in its parent, that file is read too, as `../mkdocs.yml`. This is the
 * only place where content touches the disk; a file that cannot be read is an error. `listed` is
 * `listFiles(directory)` when the caller has it already.
 */
export async function readContentFiles(directory: string, listed?: readonly string[]): Promise<ContentFile[]> {
  const root = resolve(directory);
  const paths = listed ?? (await listFiles(root));
  const relativePaths = paths.map((path) => relative(root, path).split('\\').join('/'));
  const kit = relativePaths.includes('site.yaml');
  const wanted = paths.filter((_, index) => {
    const path = relativePaths[index]!;
    if (path.startsWith('.') || path.startsWith('docs/.')) return vitepressConfig.test(path);
    return topFiles.test(path) || anywhere.test(path) || (kit && (path.startsWith('docs/') || path.startsWith('examples/')));
  });
  const problems: ContentProblem[] = [];
  const files = await Promise.all(
    wanted.map(async (path) => {
      try {
        return { path, relativePath: relative(root, path).split('\\').join('/'), text: await readFile(path, 'utf8') };
      } catch (error) {
        problems.push({ file: path, line: 1, message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)}); fix its permissions or remove it` });
        return undefined;
      }
    }),
  );
  if (problems.length > 0) throw new ContentError(problems);
  const parentSettings = kit ? undefined : await parentMkdocs(root);
  return [...(parentSettings ? [parentSettings] : []), ...files.filter((file): file is ContentFile => file !== undefined)];
}

/** Every file below `root`, sorted, without entering dot-folders or `node_modules`. */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (folder: string, depth: number): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === 'node_modules') continue;
        // `.vitepress` holds the settings that tell a VitePress folder; other dot-folders are skipped.
        if (entry.name.startsWith('.') && !(entry.name === '.vitepress' && depth <= 1)) continue;
        await visit(path, depth + 1);
      } else if (entry.isFile() && !entry.name.startsWith('.')) {
        found.push(path);
      }
    }
  };
  await visit(root, 0);
  return found.sort();
}

/** The parent's `mkdocs.yml` when this directory is its `docs_dir` (by default `docs`). */
async function parentMkdocs(root: string): Promise<ContentFile | undefined> {
  for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
    const path = join(dirname(root), name);
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let docsDir = 'docs';
    try {
      const value: unknown = parseYaml(text, { logLevel: 'silent' });
      if (typeof value === 'object' && value !== null && typeof (value as { docs_dir?: unknown }).docs_dir === 'string') docsDir = (value as { docs_dir: string }).docs_dir;
    } catch {
      // Broken settings are reported when the layout is read; here they only fail to match.
    }
    if (resolve(dirname(root), docsDir) === root) return { path, relativePath: `../${name}`, text };
  }
  return undefined;
}
