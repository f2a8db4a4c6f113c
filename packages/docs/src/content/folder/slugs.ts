/** Extensions of document files. */
export const documentExtension = /\.(?:md|mdx|markdown)$/i;

const segmentPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const numberPrefix = /^\d+[-_.]\s*(?=[^\s])/;

/** The slug of a document and whether it is the index page of its folder. */
export interface SlugInfo {
  readonly slug: string;
  readonly isIndex: boolean;
  /** Names of the path, as written, for a strict check. */
  readonly names: readonly string[];
}

/**
 * The slug of the document at `path` (relative to the documents folder): the path without its
 * extension, folders kept, each part in lower case with anything but letters, digits, `.`, `_` and `-`
 * turned into `-`. `index` names its folder (`api/index.md` is `api`), and so does `README` when the
 * folder has no `index`; the index of the documents folder itself is `index`.
 *
 * @example
 * ```ts
 * import { documentSlug } from './slugs.js';
 *
 * console.log(documentSlug('api/Context.md', false, new Set()).slug); // api/context
 * ```
 */
export function documentSlug(path: string, stripNumberPrefixes: boolean, foldersWithIndex: ReadonlySet<string>): SlugInfo {
  const names = path.replace(documentExtension, '').split('/');
  const last = names[names.length - 1] ?? '';
  const folder = names.slice(0, -1).join('/');
  const isIndex = /^index$/i.test(last) || (/^readme$/i.test(last) && !foldersWithIndex.has(folder));
  const parts = (isIndex ? names.slice(0, -1) : names).map((name) => slugPart(stripNumberPrefixes ? name.replace(numberPrefix, '') : name));
  return { slug: parts.length === 0 ? 'index' : parts.join('/'), isIndex, names };
}

function slugPart(name: string): string {
  const part = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return part === '' ? '-' : part;
}

/** Folders (relative to the documents folder) that hold an `index` page. */
export function foldersWithIndex(paths: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const path of paths) {
    const names = path.replace(documentExtension, '').split('/');
    if (/^index$/i.test(names[names.length - 1] ?? '')) folders.add(names.slice(0, -1).join('/'));
  }
  return folders;
}

/** A name of the path that strict mode refuses: not lower-case kebab-case. */
export function invalidStrictName(names: readonly string[]): string | undefined {
  return names.find((name) => !segmentPattern.test(name));
}

/** The number a Docusaurus-style prefix gives a file (`02-setup.md` is 2), used as its position. */
export function prefixNumber(name: string): number | undefined {
  const match = /^(\d+)[-_.]\s*(?=[^\s])/.exec(name);
  return match ? Number(match[1]) : undefined;
}
