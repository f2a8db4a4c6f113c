import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceLocation } from '../errors/kit-dev-error.js';

/** `at fn (file:///a/b.js:10:5)` or `at /a/b.js:10:5`: the location part of a V8 stack frame. */
const framePattern = /\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?\s*$/;

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file) ?? null;
}

function inside(file: string, folder: string): boolean {
  const path = relative(folder, file);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/**
 * The first frame of an error's stack that is in the app's own sources, as a path relative to `root`
 * with 1-based line and column. Frames in the bundled output (`outDir`) are mapped back to the source
 * through the bundle's source map; frames in packages (`node_modules`) are skipped.
 */
export function locateError(error: unknown, root: string, outDir: string): SourceLocation | null {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const line of stack.split('\n').slice(1)) {
    const found = framePattern.exec(line.trim());
    if (!found) continue;
    const [, where = '', lineText = '0', columnText = '0'] = found;
    let file: string;
    try {
      file = where.startsWith('file://') ? fileURLToPath(where.replace(/\?.*$/, '')) : where;
    } catch {
      continue;
    }
    if (!isAbsolute(file) || file.includes(`${sep}node_modules${sep}`) || !inside(file, root)) continue;
    const lineNumber = Number(lineText);
    const column = Number(columnText);
    if (!inside(file, outDir)) return { file: relative(root, file).split(sep).join('/'), line: lineNumber, column };
    const entry = sourceMapOf(file)?.findEntry(lineNumber - 1, column - 1);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) continue;
    const source = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : resolve(dirname(file), entry.originalSource);
    if (source.includes(`${sep}node_modules${sep}`)) continue;
    return { file: relative(root, source).split(sep).join('/'), line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  }
  return null;
}

/** Forgets the source maps read so far (their files are deleted with old builds). */
export function forgetSourceMaps(): void {
  maps.clear();
}
