import { LineCounter, parseDocument, isMap, isSeq, isScalar, type Node } from 'yaml';
import type { ProblemList } from './problems.js';

/**
 * A parsed YAML block that can say on which line of its file any value stands, so that every
 * validation message points at the offending line rather than at the start of the block.
 */
export interface YamlBlock {
  readonly value: unknown;
  /** Line (1-based, in the file) of the value at `path`, or of the nearest ancestor that exists. */
  lineOf(path: readonly (string | number)[]): number;
}

/**
 * Parses `text`, which starts at `firstLine` of `file`. Syntax errors are reported to `problems`
 * and give `undefined`.
 */
export function parseYamlBlock(text: string, file: string, firstLine: number, problems: ProblemList): YamlBlock | undefined {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    for (const error of document.errors) {
      const line = error.linePos?.[0]?.line ?? 1;
      problems.add(file, firstLine + line - 1, `invalid YAML: ${error.message.split('\n')[0]}`);
    }
    return undefined;
  }
  const lineAtOffset = (offset: number) => firstLine + lineCounter.linePos(offset).line - 1;
  return {
    value: document.toJS(),
    lineOf(path) {
      let node: unknown = document.contents;
      let line = node && hasRange(node) ? lineAtOffset(node.range[0]) : firstLine;
      for (const key of path) {
        if (isMap(node)) {
          const pair = node.items.find((item) => isScalar(item.key) && item.key.value === key);
          if (!pair) break;
          node = pair.value;
          if (isScalar(pair.key) && pair.key.range) line = lineAtOffset(pair.key.range[0]);
        } else if (isSeq(node) && typeof key === 'number') {
          node = node.items[key];
        } else break;
        if (node && hasRange(node)) line = lineAtOffset(node.range[0]);
      }
      return line;
    },
  };
}

function hasRange(node: unknown): node is Node & { range: [number, number, number] } {
  return typeof node === 'object' && node !== null && Array.isArray((node as { range?: unknown }).range);
}
