import { readdir, readFile, stat } from 'node:fs/promises';
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
const topFiles =
  /^(?:site\.yaml|taxonomy\.yaml|synonyms\.yaml|mkdocs\.ya?ml|sidebars\.(?:json|[cm]?[jt]s)|docusaurus\.config\.[cm]?[jt]s|astro\.config\.[cm]?[jt]s)$/;
/** Files read anywhere: documents and Docusaurus category settings. */
const anywhere = /(?:\.mdx?|\.markdown|(?:^|\/)_category_\.(?:json|ya?ml))$/i;
/** VitePress settings, read only to recognise the layout (the file is code and is never run). */
const vitepressConfig = /^(?:docs\/)?\.vitepress\/config\.[cm]?[jt]s$/;

/**
 * How much text the loader reads. A single file past `maxFileBytes`, or the files of a content folder
 * together past `maxFolderBytes`, is refused before it is read (a `ContentError` naming the file, the
 * size, the limit and the setting), so one oversized document cannot hold a process for minutes.
 * Images have limits of their own (5 MB each, 100 MB together).
 */
export interface ContentLimits {
  /** Largest document or settings file, in bytes. Default 2 MiB (`KIT_DOCS_MAX_FILE_SIZE`). */
  readonly maxFileBytes: number;
  /** All documents and settings files of the folder together, in bytes. Default 64 MiB (`KIT_DOCS_MAX_FOLDER_SIZE`). */
  readonly maxFolderBytes: number;
}

/**
 * The limits when nothing else is set: 2 MiB a file and 64 MiB a folder. The largest document of the
 * kit corpus is about 55 KB; a generated reference page of a large project stays well under 2 MiB.
 *
 * @example
 * ```ts
 * import { defaultContentLimits } from '@kit/docs';
 *
 * console.log(defaultContentLimits.maxFileBytes); // 2097152
 * ```
 */
export const defaultContentLimits: ContentLimits = { maxFileBytes: 2 * 1024 * 1024, maxFolderBytes: 64 * 1024 * 1024 };

/** The environment variables that set the limits, for every command of kit-docs and every worker. */
const limitVariables = { maxFileBytes: 'KIT_DOCS_MAX_FILE_SIZE', maxFolderBytes: 'KIT_DOCS_MAX_FOLDER_SIZE' } as const;

const sizePattern = /^(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?$/i;
const unitBytes: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/**
 * The limits in force: those given, else the environment's `KIT_DOCS_MAX_FILE_SIZE` and
 * `KIT_DOCS_MAX_FOLDER_SIZE` (bytes, or a number with KB, MB or GB, counted in 1024s: `4MB`), else
 * `defaultContentLimits`. A malformed value is a `ContentError` naming the variable.
 *
 * @example
 * ```ts
 * import { resolveContentLimits } from '@kit/docs';
 *
 * console.log(resolveContentLimits({}, { KIT_DOCS_MAX_FILE_SIZE: '4MB' }).maxFileBytes); // 4194304
 * ```
 */
export function resolveContentLimits(given: Partial<ContentLimits> = {}, environment: NodeJS.ProcessEnv = process.env): ContentLimits {
  const pick = (key: keyof ContentLimits): number => {
    const value = given[key];
    if (value !== undefined) {
      if (!Number.isSafeInteger(value) || value < 1)
        throw new TypeError(
          `loadContent: limits.${key} must be a whole number of bytes, 1 or more, got ${String(value)}; omit it for ${formatBytes(defaultContentLimits[key])}.`,
        );
      return value;
    }
    const name = limitVariables[key];
    const text = environment[name]?.trim();
    if (!text) return defaultContentLimits[key];
    const match = sizePattern.exec(text);
    const bytes = match ? Math.round(Number(match[1]) * unitBytes[(match[2] ?? 'b').toLowerCase()]!) : Number.NaN;
    if (!Number.isSafeInteger(bytes) || bytes < 1) {
      throw new ContentError([
        {
          file: name,
          line: 1,
          message: `${JSON.stringify(text.slice(0, 40))} is not a size; give bytes or a number with KB, MB or GB (such as 4MB), or unset it for ${formatBytes(defaultContentLimits[key])}`,
        },
      ]);
    }
    return bytes;
  };
  return { maxFileBytes: pick('maxFileBytes'), maxFolderBytes: pick('maxFolderBytes') };
}

/** `2 MB`, `512 KB`, `300 B`: a size in 1024s, as the limit messages show it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${trim(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${trim(bytes / 1024 ** 2)} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} B`;
}

function trim(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/**
 * Reads the files of a content directory that the loader uses (recursively, sorted by path so that
 * loading is deterministic): documents (`.md`, `.mdx`, `.markdown`), settings files, Docusaurus
 * `_category_` files, and in a kit content directory (one with `site.yaml`) everything under `docs/`
 * and `examples/`. Dot-folders and `node_modules` are never entered. When the directory is the
 * `docs_dir` of an `mkdocs.yml` in its parent, that file is read too, as `../mkdocs.yml`. This is the
 * only place where content touches the disk; a file that cannot be read is an error, and so is a file
 * or a folder past its limit (`ContentLimits`: checked on the sizes on disk, before anything is read).
 * `listed` is `listFiles(directory)` when the caller has it already.
 */
export async function readContentFiles(
  directory: string,
  listed?: readonly string[],
  given: Partial<ContentLimits> = {},
): Promise<ContentFile[]> {
  const limits = resolveContentLimits(given);
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
  const sizes = await Promise.all(
    wanted.map((path) =>
      stat(path).then(
        (entry) => entry.size,
        () => 0,
      ),
    ),
  );
  let total = 0;
  wanted.forEach((path, index) => {
    const size = sizes[index]!;
    total += size;
    if (size > limits.maxFileBytes) problems.push({ file: path, line: 1, message: tooLarge(size, limits.maxFileBytes) });
  });
  if (total > limits.maxFolderBytes) {
    problems.push({
      file: root,
      line: 1,
      message: `the ${wanted.length} files the loader reads here add up to ${formatBytes(total)}, over the ${formatBytes(limits.maxFolderBytes)} a content folder may hold (set ${limitVariables.maxFolderBytes}, default ${formatBytes(defaultContentLimits.maxFolderBytes).replace(' ', '')}); serve a smaller folder, or raise the limit`,
    });
  }
  if (problems.length > 0) throw new ContentError(problems);
  const files = await Promise.all(
    wanted.map(async (path) => {
      try {
        return { path, relativePath: relative(root, path).split('\\').join('/'), text: await readFile(path, 'utf8') };
      } catch (error) {
        problems.push({
          file: path,
          line: 1,
          message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)}); fix its permissions or remove it`,
        });
        return undefined;
      }
    }),
  );
  if (problems.length > 0) throw new ContentError(problems);
  const parentSettings = kit ? undefined : await parentMkdocs(root, limits);
  return [...(parentSettings ? [parentSettings] : []), ...files.filter((file): file is ContentFile => file !== undefined)];
}

/** The message of a file over `maxFileBytes`. */
function tooLarge(size: number, max: number): string {
  return `the file is ${formatBytes(size)}, over the ${formatBytes(max)} a file may have (set ${limitVariables.maxFileBytes}, default ${formatBytes(defaultContentLimits.maxFileBytes).replace(' ', '')}); split it into several documents, or raise the limit`;
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
async function parentMkdocs(root: string, limits: ContentLimits): Promise<ContentFile | undefined> {
  for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
    const path = join(dirname(root), name);
    const size = await stat(path).then(
      (entry) => (entry.isFile() ? entry.size : undefined),
      () => undefined,
    );
    if (size === undefined) continue;
    if (size > limits.maxFileBytes) throw new ContentError([{ file: path, line: 1, message: tooLarge(size, limits.maxFileBytes) }]);
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let docsDir = 'docs';
    try {
      const value: unknown = parseYaml(text, { logLevel: 'silent' });
      if (typeof value === 'object' && value !== null && typeof (value as { docs_dir?: unknown }).docs_dir === 'string')
        docsDir = (value as { docs_dir: string }).docs_dir;
    } catch {
      // Broken settings are reported when the layout is read; here they only fail to match.
    }
    if (resolve(dirname(root), docsDir) === root) return { path, relativePath: `../${name}`, text };
  }
  return undefined;
}
