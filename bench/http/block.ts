import { readFile, writeFile } from 'node:fs/promises';

const start = '<!-- bench:http:start -->';
const end = '<!-- bench:http:end -->';

/** Replaces the HTTP block of docs/benchmarks.md (or appends it), leaving the rest of the file as it is. */
export async function writeHttpBlock(file: string, body: string): Promise<void> {
  const document = await readFile(file, 'utf8').catch(() => '# Benchmarks\n');
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  const next = from >= 0 && to > from ? document.slice(0, from) + block + document.slice(to + end.length) : `${document.replace(/\s*$/u, '\n')}\n${block}\n`;
  await writeFile(file, next);
}

/** A Markdown table. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}
