/** A line of Markdown with the 1-based line of the file it came from, so problems point at the source. */
export interface SourceLine {
  readonly text: string;
  readonly line: number;
}

/** Splits text into source lines, the first being line `firstLine` of its file. */
export function toSourceLines(text: string, firstLine: number): SourceLine[] {
  return text.split('\n').map((line, index) => ({ text: line, line: firstLine + index }));
}

/** Columns of leading whitespace, a tab advancing to the next multiple of 4. */
export function indentWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    if (character === ' ') width++;
    else if (character === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** Removes up to `columns` columns of leading whitespace. */
export function dedent(text: string, columns: number): string {
  let width = 0;
  let index = 0;
  while (index < text.length && width < columns) {
    const character = text[index];
    if (character === ' ') width++;
    else if (character === '\t') width += 4 - (width % 4);
    else break;
    index++;
  }
  return text.slice(index);
}
