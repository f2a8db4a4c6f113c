import { readFile, writeFile } from 'node:fs/promises';

/**
 * Puts `body` between the `<!-- bench:<name>:start -->` and `<!-- bench:<name>:end -->` markers of a
 * benchmarks document (appending the block when it is missing), leaving every other block as it was.
 *
 * @example
 * ```ts
 * replaceBenchBlock('# B\n<!-- bench:app:start -->\nold\n<!-- bench:app:end -->\n', 'app', 'new');
 * // '# B\n<!-- bench:app:start -->\nnew\n<!-- bench:app:end -->\n'
 * ```
 */
export function replaceBenchBlock(document: string, name: string, body: string): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from >= 0 && to > from) return document.slice(0, from) + block + document.slice(to + end.length);
  const base = document.trim().length === 0 ? '# Benchmarks\n' : document.replace(/\s*$/u, '\n');
  return `${base}\n${block}\n`;
}

/** Writes `body` into the named block of the benchmarks document at `path`. */
export async function writeBenchBlock(path: string, name: string, body: string): Promise<void> {
  const current = await readFile(path, 'utf8').catch(() => '');
  await writeFile(path, replaceBenchBlock(current, name, body));
}
