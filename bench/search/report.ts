import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';

export const BLOCK_START = '<!-- bench:search:start -->';
export const BLOCK_END = '<!-- bench:search:end -->';

/**
 * A Markdown table from a header and rows.
 *
 * @example
 * ```ts
 * markdownTable(['a', 'b'], [['1', '2']]); // '| a | b |\n|---|---|\n| 1 | 2 |'
 * ```
 */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** The machine the figures were measured on. */
export function describeMachine(): string {
  const processors = cpus();
  const model = processors[0]?.model.trim() ?? 'unknown CPU';
  return `${model}, ${processors.length} cores, Node ${process.version}`;
}

/**
 * Replaces the benchmark's block in a Markdown file (creating the file or appending the block when
 * missing), leaving every other block of the file as it was.
 *
 * @example
 * ```ts
 * replaceBlock('# B\n<!-- bench:search:start -->\nold\n<!-- bench:search:end -->\n', 'new');
 * // '# B\n<!-- bench:search:start -->\nnew\n<!-- bench:search:end -->\n'
 * ```
 */
export function replaceBlock(document: string, body: string): string {
  const block = `${BLOCK_START}\n${body.trim()}\n${BLOCK_END}`;
  const start = document.indexOf(BLOCK_START);
  const end = document.indexOf(BLOCK_END);
  if (start >= 0 && end > start) return document.slice(0, start) + block + document.slice(end + BLOCK_END.length);
  const base = document.trim().length === 0 ? '# Benchmarks\n' : document.replace(/\s*$/u, '\n');
  return `${base}\n${block}\n`;
}

/** Writes `body` into the benchmark's block of `path`. */
export async function writeBlock(path: string, body: string): Promise<void> {
  const current = existsSync(path) ? await readFile(path, 'utf8') : '';
  await writeFile(path, replaceBlock(current, body));
}
