import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));

/** The repository root: `packages/docs/test/corpus` is four levels below it. */
export const repoRoot = resolve(here, '../../../..');

/** The embedded kit corpus. */
export const contentDir = resolve(repoRoot, 'packages/docs/content');

/** One example file per code sample; the file name (without extension) is the example id. */
export const examplesDir = join(contentDir, 'examples');

/** Comment marker of the front matter, by file extension (as `docs/content-format.md` specifies). */
const commentMarkers: Readonly<Record<string, string>> = { '.ts': '//', '.tsx': '//', '.sh': '#' };

/** The front matter fields every example carries. */
export interface ExampleMeta {
  readonly title?: unknown;
  readonly description?: unknown;
  readonly topics?: unknown;
  readonly relatedDocs?: unknown;
}

export interface ExampleFile {
  /** File name without extension. */
  readonly id: string;
  readonly fileName: string;
  readonly path: string;
  readonly extension: '.ts' | '.tsx' | '.sh';
  /** The whole file, front matter included (what a type checker and a parser see). */
  readonly text: string;
  /** The front matter, or `undefined` when the file has none (the test reports it). */
  readonly meta: ExampleMeta | undefined;
}

/**
 * Reads the front matter written in line comments between two `---` lines at the very top of the
 * file. Returns `undefined` when the file does not start with such a block.
 */
export function readFrontMatter(text: string, marker: string): ExampleMeta | undefined {
  const lines = text.split('\n');
  if (lines[0]?.trim() !== `${marker} ---`) return undefined;
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === `${marker} ---`);
  if (end < 0) return undefined;
  const yamlText = lines
    .slice(1, end)
    .map((line) => (line.startsWith(`${marker} `) ? line.slice(marker.length + 1) : line.slice(marker.length)))
    .join('\n');
  const parsed: unknown = parseYaml(yamlText);
  return typeof parsed === 'object' && parsed !== null ? (parsed as ExampleMeta) : undefined;
}

/** Every example file, in file-name order. Files of other types are returned too, so a test can reject them. */
export function readExamples(directory: string = examplesDir): ExampleFile[] {
  return readdirSync(directory)
    .filter((name) => !name.startsWith('.'))
    .sort()
    .map((fileName) => {
      const extension = extname(fileName) as ExampleFile['extension'];
      const path = join(directory, fileName);
      const text = readFileSync(path, 'utf8');
      const marker = commentMarkers[extension];
      return {
        id: fileName.slice(0, fileName.length - extension.length),
        fileName,
        path,
        extension,
        text,
        meta: marker === undefined ? undefined : readFrontMatter(text, marker),
      };
    });
}

/** The example topics of `taxonomy.yaml` (`examples:`), as written there. */
export function readExampleTopics(): string[] {
  const taxonomy = parseYaml(readFileSync(join(contentDir, 'taxonomy.yaml'), 'utf8')) as { examples?: unknown };
  if (!Array.isArray(taxonomy.examples)) throw new Error('examples-files: taxonomy.yaml has no `examples:` list');
  return taxonomy.examples.map(String);
}

/** The topics of an example as strings (empty when the front matter lacks them). */
export function topicsOf(example: ExampleFile): string[] {
  const topics = example.meta?.topics;
  return Array.isArray(topics) ? topics.map(String) : [];
}
