/**
 * Cuts the outermost `ServerOnly` blocks out of a payload render, where each is wrapped in
 * `<tag data-level="N">…</tag>` with a tag only that render used, so nothing the blocks contain can
 * look like a boundary. Returns one list per level, in document order.
 */
export function serverOnlyBlocks(html: string, tag: string, levelCount: number): string[][] {
  const blocks: string[][] = Array.from({ length: levelCount }, () => []);
  const open = new RegExp(`<${tag} data-level="(\\d+)">`, 'g');
  const close = `</${tag}>`;
  for (let match = open.exec(html); match !== null; match = open.exec(html)) {
    const start = match.index + match[0].length;
    const end = html.indexOf(close, start);
    if (end < 0) break;
    blocks[Number(match[1])]?.push(html.slice(start, end));
    open.lastIndex = end + close.length;
  }
  return blocks;
}
