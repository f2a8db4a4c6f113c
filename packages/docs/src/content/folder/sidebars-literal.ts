import JSON5 from 'json5';

/**
 * Where a sidebars module's data starts: `module.exports =`, `export default`, or a declaration such as
 * `const sidebars: SidebarsConfig =`, followed by an object literal.
 */
const start = /(?:module\.exports\s*=|export\s+default|\b(?:const|let|var)\s+[\w$]+\s*(?::\s*[\w$.<>[\]|,\s]+?)?\s*=)\s*\{/;

/**
 * The object literal a Docusaurus `sidebars.js` (or `.ts`, `.mjs`, `.cjs`) module exports, read as data
 * and never run: the text from the opening brace to its match, parsed as JSON5 (which accepts the
 * unquoted keys, single quotes, comments and trailing commas of JavaScript literals). Undefined when the
 * module builds its sidebars with code (calls, spreads, variables), which only running it would resolve.
 */
export function sidebarsLiteral(text: string): unknown {
  const found = start.exec(text);
  if (!found) return undefined;
  const open = found.index + found[0].length - 1;
  const close = matchingBrace(text, open);
  if (close === -1) return undefined;
  try {
    return JSON5.parse(text.slice(open, close + 1));
  } catch {
    return undefined;
  }
}

/** The index of the brace closing the one at `open`, skipping strings, template literals and comments; -1 when none. */
function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const character = text[index];
    if (character === '"' || character === "'" || character === '`') {
      index = stringEnd(text, index, character);
      if (index === -1) return -1;
    } else if (character === '/' && text[index + 1] === '/') {
      const end = text.indexOf('\n', index);
      if (end === -1) return -1;
      index = end;
    } else if (character === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      if (end === -1) return -1;
      index = end + 1;
    } else if (character === '{') depth += 1;
    else if (character === '}' && --depth === 0) return index;
  }
  return -1;
}

function stringEnd(text: string, open: number, quote: string): number {
  for (let index = open + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === quote) return index;
  }
  return -1;
}
