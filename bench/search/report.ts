import { cpus } from 'node:os';
import { replaceBenchBlock, writeBenchBlock } from '../report-block.js';

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
 * Replaces the search benchmark's block in a Markdown document (appending it when missing), leaving
 * every other block as it was.
 *
 * @example
 * ```ts
 * replaceBlock('# B\n<!-- bench:search:start -->\nold\n<!-- bench:search:end -->\n', 'new');
 * // '# B\n<!-- bench:search:start -->\nnew\n<!-- bench:search:end -->\n'
 * ```
 */
export function replaceBlock(document: string, body: string): string {
  return replaceBenchBlock(document, 'search', body);
}

/** Writes `body` into the search benchmark's block of `path`. */
export async function writeBlock(path: string, body: string): Promise<void> {
  await writeBenchBlock(path, 'search', body);
}
