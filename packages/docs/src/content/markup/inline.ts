import { contentParser } from './parser.js';
import type { SourceLine } from './source-line.js';

const TAG = /<\/?[A-Za-z][\w.:-]*(?:[ \t]+[^<>\n]*?)?[ \t]*\/?>/g;
const LINE_BREAK_TAG = /^<br\s*\/?>$/i;
const COMMENT = /<!--.*?-->/g;
const TOPICS_COMMENT = /^\s*<!--\s*topics:.*-->\s*$/;
const MDX_COMMENT = /\{\/\*.*?\*\/\}/g;
const INTERPOLATION = /\{\{[^}\n]*\}\}/g;

/**
 * Lines of code blocks, fenced or indented, which no rewriting may touch. Found by parsing, so an
 * indented code block is told apart from an indented list paragraph as any Markdown reader would.
 */
export function codeLines(lines: readonly SourceLine[]): Set<number> {
  const tokens = contentParser.parse(lines.map((line) => line.text).join('\n'), {});
  const code = new Set<number>();
  for (const token of tokens) {
    if ((token.type === 'fence' || token.type === 'code_block') && token.map) {
      for (let line = token.map[0]; line < token.map[1]; line++) code.add(line);
    }
  }
  return code;
}

/**
 * Reduces inline markup that only a generator's build understands to its text: HTML and JSX tags are
 * dropped and their text kept (`<Badge text="new" />` disappears, `<kbd>Ctrl</kbd>` becomes `Ctrl`),
 * as are comments, MDX `{/* … *\/}` comments and Vue `{{ … }}` interpolations. Code spans and code
 * blocks are left as written.
 */
export function stripInlineMarkup(lines: readonly SourceLine[]): SourceLine[] {
  const code = codeLines(lines);
  const result = [...lines];
  // A code span may run over the lines of a paragraph, so each run of text lines is handled whole;
  // nothing removed here spans a line break, so the lines stay where they were.
  let start = 0;
  while (start < lines.length) {
    if (code.has(start) || lines[start]!.text.trim() === '') {
      start++;
      continue;
    }
    let end = start;
    while (end < lines.length && !code.has(end) && lines[end]!.text.trim() !== '') end++;
    const block = lines.slice(start, end).map((line) => (TOPICS_COMMENT.test(line.text) ? '' : line.text));
    if (block.some((text) => /[<{]/.test(text))) {
      const stripped = outsideCodeSpans(block.join('\n'), stripText).split('\n');
      for (let index = start; index < end; index++) {
        if (!TOPICS_COMMENT.test(lines[index]!.text)) result[index] = { text: stripped[index - start] ?? '', line: lines[index]!.line };
      }
    }
    start = end;
  }
  return result;
}

function stripText(text: string): string {
  return text
    .replace(COMMENT, '')
    .replace(MDX_COMMENT, '')
    .replace(INTERPOLATION, '')
    .replace(TAG, (tag) => (LINE_BREAK_TAG.test(tag) ? ' ' : ''));
}

/**
 * Applies `change` to the parts of a text outside its code spans. A run of backticks opens a span
 * that the next run of the same length closes; an unmatched run is literal text.
 */
export function outsideCodeSpans(text: string, change: (part: string) => string): string {
  let result = '';
  let position = 0;
  let plainFrom = 0;
  while (position < text.length) {
    if (text[position] !== '`') {
      position++;
      continue;
    }
    let run = position;
    while (text[run] === '`') run++;
    const ticks = text.slice(position, run);
    let close = text.indexOf(ticks, run);
    while (close !== -1 && text[close + ticks.length] === '`') {
      let after = close;
      while (text[after] === '`') after++;
      close = text.indexOf(ticks, after);
    }
    if (close === -1) {
      position = run;
      continue;
    }
    result += change(text.slice(plainFrom, position)) + text.slice(position, close + ticks.length);
    position = close + ticks.length;
    plainFrom = position;
  }
  return result + change(text.slice(plainFrom));
}
