import type { RouteSegment } from '../manifest.js';

/** What a folder name or a route file's base name stands for in the URL. */
export type ParsedName =
  | { readonly type: 'group' }
  | { readonly type: 'segment'; readonly segment: RouteSegment }
  | {
      readonly type: 'invalid';
      /** Why the name is no segment, as a clause: "`[]` names no parameter". */
      readonly reason: string;
      /** A corrected name when one is obvious, else null. */
      readonly suggestion: string | null;
      /** How to write it instead, as a clause. */
      readonly fix: string;
      /** Brackets that do not pair up: for a route file this reads as a misspelt convention. */
      readonly unbalanced: boolean;
    };

const parameterName = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Characters that mean something else in a URL or in the Hono pattern a route becomes.
const reservedInStatic = /[:*?#%{}\\\s]/;

/**
 * Reads one name: `(group)` adds no segment, `[id]` is dynamic, `[...rest]` a catch-all, anything else
 * a static segment. Names that cannot be any of these come back `invalid` with a reason and a fix.
 */
export function parseName(name: string): ParsedName {
  if (name.startsWith('(') && name.endsWith(')')) {
    const inner = name.slice(1, -1);
    if (inner === '' || /[()[\]]/.test(inner)) {
      return invalid(`a group is written (name) with a plain name inside, and "${name}" is not`, null, 'name the group, as in (marketing)');
    }
    return { type: 'group' };
  }
  if (name.includes('[') || name.includes(']')) return parseBracketed(name);
  if (name.startsWith('(')) {
    return invalid(`"${name}" opens a parenthesis it does not close`, `${name})`, 'write a group as (name)');
  }
  const reserved = reservedInStatic.exec(name);
  if (reserved) {
    const character = reserved[0] === ' ' ? 'a space' : /\s/.test(reserved[0]) ? 'a whitespace character' : `"${reserved[0]}"`;
    return invalid(
      `"${name}" contains ${character}, which has a meaning of its own in a URL pattern`,
      name.replace(new RegExp(reservedInStatic.source, 'g'), '-'),
      'use letters, digits, "-", "_" and "." in folder and file names',
    );
  }
  return { type: 'segment', segment: { type: 'static', value: name } };
}

function parseBracketed(name: string): ParsedName {
  if (!balanced(name)) {
    const suggestion =
      name.startsWith('[') && !name.includes(']') ? `${name}]` : name.endsWith(']') && !name.includes('[') ? `[${name}` : null;
    return invalid(
      `the brackets of "${name}" do not pair up`,
      suggestion,
      'write a dynamic segment as [name] and a catch-all as [...name]',
      true,
    );
  }
  if (name.startsWith('[[') && name.endsWith(']]')) {
    const inner = name.slice(2, -2).replace(/^\.\.\./, '');
    return invalid(
      `optional segments such as "${name}" are not supported`,
      `[...${inner}]`,
      `use [...${inner || 'rest'}] and add an index file beside it for the URL without the segment`,
    );
  }
  const match = /^\[(\.\.\.)?([^[\]]*)\]$/.exec(name);
  if (!match) {
    return invalid(
      `"${name}" mixes text and a parameter in one segment`,
      name
        .split(/(\[[^[\]]*\])/)
        .filter((part) => part !== '')
        .join('/'),
      'a segment is either plain text or a single [name]: split it into nested folders',
    );
  }
  const catchAll = match[1] !== undefined;
  const parameter = match[2] ?? '';
  if (parameter === '') {
    return invalid(
      `"${name}" names no parameter`,
      catchAll ? '[...rest]' : '[id]',
      catchAll ? 'write [...name], such as [...rest]' : 'write [name], such as [id]',
    );
  }
  if (parameter === '__proto__') {
    return invalid(
      'the parameter name "__proto__" is reserved (it would set the prototype of the params object)',
      null,
      'choose another name, such as [proto]',
    );
  }
  if (!parameterName.test(parameter)) {
    const suggestion = camelCase(parameter);
    return invalid(
      `the parameter name "${parameter}" is not an identifier (letters, digits and "_", not starting with a digit)`,
      suggestion === null ? null : catchAll ? `[...${suggestion}]` : `[${suggestion}]`,
      'name parameters like JavaScript variables, such as [ticketId]',
    );
  }
  return { type: 'segment', segment: { type: catchAll ? 'catch-all' : 'dynamic', value: parameter } };
}

function balanced(name: string): boolean {
  let depth = 0;
  for (const character of name) {
    if (character === '[') depth += 1;
    else if (character === ']') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** `ticket-id` -> `ticketId`; null when nothing usable is left. */
function camelCase(text: string): string | null {
  const words = text.split(/[^A-Za-z0-9_]+/).filter((word) => word !== '');
  const joined = words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  const trimmed = joined.replace(/^[0-9]+/, '');
  return trimmed === '' || trimmed === '__proto__' ? null : trimmed;
}

function invalid(reason: string, suggestion: string | null, fix: string, unbalanced = false): ParsedName {
  return { type: 'invalid', reason, suggestion, fix, unbalanced };
}
