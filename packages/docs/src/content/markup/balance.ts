import type { Piece } from './blocks.js';
import type { SourceLine } from './source-line.js';

/**
 * Writes container boundaries as text. markdown-it-container closes a container at the first line of
 * at least as many colons, so a container that holds others opens with more colons than they do:
 * three plus its nesting height. Every container comes out as `::: kind Title`, whatever syntax it
 * was written in.
 */
export function balanceContainers(pieces: readonly Piece[]): SourceLine[] {
  const heights = new Map<number, number>();
  const stack: { index: number; inner: number }[] = [];
  pieces.forEach((piece, index) => {
    if (piece.kind === 'open') stack.push({ index, inner: 0 });
    else if (piece.kind === 'close') {
      const frame = stack.pop();
      if (!frame) return;
      heights.set(frame.index, frame.inner);
      heights.set(index, frame.inner);
      const parent = stack[stack.length - 1];
      if (parent) parent.inner = Math.max(parent.inner, frame.inner + 1);
    }
  });
  return pieces.map((piece, index) => {
    if (piece.kind === 'text') return { text: piece.text, line: piece.line };
    const colons = ':'.repeat(3 + (heights.get(index) ?? 0));
    if (piece.kind === 'close') return { text: `${piece.indent}${colons}`, line: piece.line };
    return { text: `${piece.indent}${colons} ${piece.name}${piece.title ? ` ${piece.title.replace(/\s+/g, ' ')}` : ''}`, line: piece.line };
  });
}
