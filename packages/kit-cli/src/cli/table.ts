import type { Style } from './style.js';

/** Colours a cell after it was padded, so escape codes never skew the columns. */
export type Paint = (column: number, cell: string, padded: string) => string;

/** Columns padded to their widest cell, the header bold; the last column is not padded. */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  style: Style,
  paint?: Paint,
  indent = '  ',
): string[] {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const render = (cells: readonly string[], painter?: Paint) =>
    cells
      .map((cell, column) => {
        const padded = column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0);
        return painter ? painter(column, cell, padded) : padded;
      })
      .join('  ')
      .trimEnd();
  return [indent + style.bold(render(headers)), ...rows.map((row) => indent + render(row, paint))];
}

/** `1 migration`, `2 migrations`. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** An ISO time without milliseconds: `2026-11-23T20:51:03Z`. */
export function shortTime(date: Date | string): string {
  const iso = typeof date === 'string' ? date : date.toISOString();
  return iso.replace(/\.\d{3}Z$/, 'Z');
}
