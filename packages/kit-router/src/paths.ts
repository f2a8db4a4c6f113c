/**
 * Relative-path helpers shared by the scanner and the matcher. Paths here are always relative to the
 * routes folder with `/` separators, so these work the same in Node and in a browser.
 */

/**
 * File-path order: `/`-separated names compared one by one by UTF-16 code units (a parent's files before
 * a deeper path only when their names sort first). Locale-independent, so every machine agrees.
 */
export function comparePaths(a: string, b: string): number {
  // Comparing names one by one is comparing the texts with `/` below every other character: where they
  // first differ, the side at a `/` is the one whose name ended first. No split, so sorting stays cheap.
  const shared = Math.min(a.length, b.length);
  for (let index = 0; index < shared; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    if (x === slash) return -1;
    if (y === slash) return 1;
    return x - y;
  }
  return a.length - b.length;
}

const slash = 0x2f;

/** The folder of a relative file path (`''` for a file at the root). */
export function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

/** The last name of a relative path. */
export function baseName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

/** `folder/name`, or `name` at the root. */
export function joinPath(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/** `a`, `a and b`, `a, b and c`: a list as a sentence names it. */
export function listInProse(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] as string}`;
}
