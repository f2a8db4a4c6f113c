import { writeBenchBlock } from '../report-block.js';

/** Replaces the HTTP block of docs/benchmarks.md (or appends it), leaving the rest of the file as it is. */
export async function writeHttpBlock(file: string, body: string): Promise<void> {
  await writeBenchBlock(file, 'http', body);
}

/** A Markdown table. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}
