import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a name of the framework reference stands for. */
export type ReferenceNameKind = 'package' | 'type' | 'field' | 'function' | 'value' | 'hook' | 'command' | 'route-convention' | 'default';

/**
 * One name the framework reference defines. A `default` entry pairs a name with its default value:
 * the documentation must state both in one section.
 */
export interface ReferenceName {
  readonly name: string;
  readonly kind: ReferenceNameKind;
  /** The default value, for `kind: 'default'` only (`10` for `maxIterations`). */
  readonly value?: string;
  /** 1-based line of the reference where the name was first found. */
  readonly line: number;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The repository root: `packages/docs/test/corpus` is four levels below it. */
export const repositoryRoot = resolve(here, '../../../..');

/** All Markdown documents of the corpus live here. */
export const corpusDocsDir = resolve(repositoryRoot, 'packages/docs/content/docs');

/**
 * Words the parsing rules pick up that are prose, not names of the framework. Each has its reason.
 */
export const excludedWords: ReadonlyMap<string, string> = new Map([
  ['TypeScript', 'the language the framework is written in, not a name it defines'],
  ['Kit', 'the naming paragraph: the placeholder that replaces the brand inside type names'],
  ['<scope>/kit-<role>', 'the naming paragraph: a template for package names, not a package'],
  ['T', 'the type parameter of useLoaderData<T>(), not a name of its own'],
  ['n', 'the placeholder number in `{ maxOutputTokensPerTurn: n }`'],
  ['def', 'a parameter placeholder in `defineSkill(def)`'],
  ['skills', 'a parameter placeholder in the skill function signatures (the field `skills` is kept)'],
]);

/** Built-in TypeScript types and literals that appear in signatures; they name nothing in the framework. */
const builtinTypes = new Set([
  'string',
  'number',
  'boolean',
  'unknown',
  'void',
  'object',
  'Promise',
  'Record',
  'AsyncIterable',
  'true',
  'false',
]);

/** Lines of prose introduce lists with these labels; their items are names (`Database providers: sqlite, ...`). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A word of prose that reads like code: a lower-case letter followed by an upper-case one (`createShellTask`, `DPoP`). */
const CAMEL = /\b[A-Za-z][A-Za-z0-9]*[a-z][A-Z][A-Za-z0-9]*\b/g;
/** snake_case values in prose (`activate_skill`, `tool_result`). */
const SNAKE = /\b[a-z]+(?:_[a-z]+)+\b/g;
/** A function written with its call parentheses, anywhere (`buildExperience()`, `chat(messages...)`). */
const CALL = /\b([A-Za-z_][A-Za-z0-9_]*)(?:<[A-Za-z, ]*>)?\?*\(/g;
/** Double-quoted literals are enumeration values (`"soft" or "hard"`). */
const QUOTED = /"([^"\s]+)"/g;

/** Kinds guessed from prose; a table row or a call gives a more precise one. */
const weakKinds = new Set<ReferenceNameKind>(['field', 'value']);

class NameCollector {
  readonly names = new Map<string, ReferenceName>();

  add(name: string, kind: ReferenceNameKind, line: number, value?: string): void {
    const trimmed = name.trim().replace(/\?$/, '');
    if (trimmed === '' || excludedWords.has(trimmed) || builtinTypes.has(trimmed)) return;
    const key = kind === 'default' ? `${trimmed}=${value ?? ''}` : trimmed;
    const known = this.names.get(key);
    if (!known) {
      this.names.set(key, { name: trimmed, kind, line, ...(value ? { value } : {}) });
    } else if (weakKinds.has(known.kind) && !weakKinds.has(kind)) {
      // A word first met in prose (`createKitApp` in the naming paragraph) takes the kind its own table gives it.
      this.names.set(key, { ...known, kind });
    }
  }
}

/** Splits on a separator only outside parentheses, brackets, braces and backticks. */
function splitTopLevel(text: string, separators: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inCode = false;
  let current = '';
  for (const char of text) {
    if (char === '`') inCode = !inCode;
    if (!inCode && '({[<'.includes(char)) depth += 1;
    if (!inCode && ')}]>'.includes(char)) depth = Math.max(0, depth - 1);
    if (depth === 0 && !inCode && separators.test(char)) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** A PascalCase word with at least two humps (`AgentTool`) or an acronym prefix (`LLMProvider`, `SQLite`). */
function isTypeName(word: string): boolean {
  return /^[A-Z][A-Za-z0-9]*[a-z][A-Z][A-Za-z0-9]*$/.test(word) || /^[A-Z]{2,}[a-z]\w*$/.test(word);
}

/** Names inside code-like text: calls, `{ field: ... }` members, quoted values, type names. */
function collectFromCode(code: string, line: number, out: NameCollector): void {
  for (const match of code.matchAll(CALL)) out.add(match[1]!, 'function', line);
  for (const match of code.matchAll(QUOTED)) out.add(match[1]!, 'value', line);
  for (const braces of code.matchAll(/\{([^{}]*)\}/g)) {
    for (const member of splitTopLevel(braces[1]!, /,/)) {
      const head = member.split(/[:(]/)[0]!.trim().replace(/\?$/, '');
      if (IDENTIFIER.test(head)) out.add(head, 'field', line);
    }
  }
  for (const word of code.match(/\b[A-Za-z_][A-Za-z0-9_]*\b/g) ?? []) {
    if (isTypeName(word)) out.add(word, 'type', line);
  }
}

/** An inline code span of prose: a route file convention, a call, an object shape or a plain identifier. */
function collectInlineCode(span: string, line: number, out: NameCollector): void {
  if (excludedWords.has(span)) return;
  if (/^[*_]|\.(tsx?|md|json)$/.test(span) && !span.includes(' ')) {
    out.add(span, 'route-convention', line);
    return;
  }
  if (/^[a-z]+:[a-z]+$/.test(span)) {
    out.add(span, 'value', line);
    return;
  }
  if (IDENTIFIER.test(span)) {
    out.add(span, isTypeName(span) ? 'type' : 'field', line);
    return;
  }
  if (/^<[a-z]+>$/.test(span)) return;
  collectFromCode(span, line, out);
}

/** Leading identifiers of a field description: `id, goal: string` gives id and goal. */
function leadingFields(segment: string): string[] {
  const head = segment.split(/[:(]| returns /)[0]!;
  return head
    .split(',')
    .map((word) => word.trim().replace(/\?$/, ''))
    .filter((word) => IDENTIFIER.test(word));
}

/** `chatTimeoutMs? (max wait for chat, default 120000)` gives the default 120000. */
function defaultIn(text: string): string | undefined {
  return /\bdefault (\d[\d.]*)/.exec(text)?.[1];
}

interface Table {
  readonly header: string[];
  readonly rows: { cells: string[]; line: number }[];
}

function parseRow(text: string): string[] {
  return splitTopLevel(text.replace(/^\|/, '').replace(/\|$/, ''), /\|/).map((cell) => cell.trim());
}

function collectTable(table: Table, out: NameCollector): void {
  const [first = '', second = ''] = table.header;
  for (const { cells, line } of table.rows) {
    const [key = '', ...rest] = cells;
    const all = cells.join(' | ');

    if (first === 'Package') {
      out.add(key, 'package', line);
    } else if (first === 'Command') {
      collectCommands(key, line, out);
    } else if (first === 'Hook') {
      out.add(key, 'hook', line);
    } else if (first === 'Limit') {
      out.add(key, key.includes('.') ? 'field' : 'field', line);
      if (/^\d/.test(second === 'Default' ? (cells[1] ?? '') : '')) out.add(key, 'default', line, cells[1]);
    } else if (first === 'Enumeration') {
      collectProse(key, line, out);
      if (/^[\w.]+$/.test(key)) out.add(key, 'type', line);
      for (const value of (cells[1] ?? '').split(',')) out.add(value.trim(), 'value', line);
    } else if (first === 'Type') {
      const typeName = key.replace(/<.*>$/, '');
      out.add(typeName, 'type', line);
      if (key !== typeName) out.add(key, 'type', line);
      for (const segment of splitTopLevel(cells[1] ?? '', /;/)) {
        const fields = leadingFields(segment);
        for (const field of fields) out.add(field, 'field', line);
        const value = defaultIn(segment);
        if (value && fields.length === 1) out.add(fields[0]!, 'default', line, value);
      }
    } else if (first === 'Field' || first === 'Method') {
      out.add(key, first === 'Method' ? 'function' : 'field', line);
      const value = defaultIn(all);
      if (value) out.add(key, 'default', line, value);
      const values = /Values: (.+)$/.exec(all)?.[1];
      if (values) for (const value of values.split(',')) out.add(value.trim(), 'value', line);
      // `partial object with snip (SnipConfig), ...`: the words before each type name are fields.
      for (const match of (cells[1] ?? '').matchAll(/\b([a-z][A-Za-z]*) \(([A-Z]\w+)\)/g)) out.add(match[1]!, 'field', line);
    }
    if (first === 'Function') {
      for (const part of splitTopLevel(key, /,/)) {
        const name = part.split('(')[0]!.trim();
        if (IDENTIFIER.test(name)) out.add(name, isTypeName(name) ? 'type' : 'function', line);
      }
    }
    if (first === 'Function' || first === 'Command') {
      // Fixed numbers of a behaviour are facts to document with the name: `divided by 4`, `8-step`.
      const number = /\b(?:by|the) (\d+)\b|\b(\d+)-step\b/.exec(cells[1] ?? '');
      const owner = first === 'Command' ? key : key.split('(')[0]!.trim();
      if (number && IDENTIFIER.test(owner.replace(/^kit /, ''))) out.add(owner, 'default', line, number[1] ?? number[2]);
    }
    collectCell(key, line, out);
    for (const cell of rest) collectProse(cell, line, out);
  }
}

function collectCommands(cell: string, line: number, out: NameCollector): void {
  const text = cell.replace(/`<[a-z]+>`/g, '').trim();
  const flag = /(--[a-z-]+)/.exec(text)?.[1];
  if (flag) out.add(flag, 'value', line);
  const words = text.replace(/--[a-z-]+/, '').trim();
  // `kit add api, page, model or policy`: one command per alternative, sharing the leading words.
  const alternatives = words.split(/,\s*|\s+or\s+/);
  const firstWords = alternatives[0]!.split(' ');
  const stem = firstWords.slice(0, -1).join(' ');
  out.add(alternatives[0]!, 'command', line);
  for (const alternative of alternatives.slice(1)) {
    const full = alternative.startsWith('kit ') ? alternative : stem === 'kit' ? `kit ${alternative}` : `${stem} ${alternative}`;
    out.add(full.trim(), 'command', line);
  }
}

/** A table cell or prose: inline code spans, quoted values, calls, code-like words. */
function collectCell(text: string, line: number, out: NameCollector): void {
  for (const match of text.matchAll(/`([^`]+)`/g)) collectInlineCode(match[1]!, line, out);
  const prose = text.replace(/`[^`]+`/g, ' ');
  collectFromCode(prose.replace(/\{[^}]*\}/g, ' '), line, out);
  for (const match of prose.matchAll(CAMEL)) out.add(match[0], isTypeName(match[0]) ? 'type' : 'field', line);
  for (const match of prose.matchAll(/\b[A-Z]+\.md\b/g)) out.add(match[0], 'route-convention', line);
  // Well-known paths a surface serves (`/.well-known/agent.json`).
  for (const match of prose.matchAll(/(?:\/[.\w-]+)+\.json\b/g)) out.add(match[0], 'route-convention', line);
  // Defaults stated in prose: `with defaults source = developer and utility = 1.0`.
  if (/\bdefaults?\b/.test(prose)) {
    for (const match of prose.matchAll(/\b([a-z]\w*) = ([\w.]+)/g)) out.add(match[1]!, 'default', line, match[2]!.replace(/\.$/, ''));
  }
  for (const match of prose.matchAll(SNAKE)) out.add(match[0], 'value', line);
}

/**
 * A line of prose. Besides code spans and code-like words, English lists carry names:
 * `Database providers: sqlite, libsql, postgres, mysql` and `gives the operations remember, recall, ...`.
 * An item counts when it is one word, optionally with `()` and a parenthetical (`Outlet (renders ...)`);
 * a list counts when at least three quarters of its items do, so lists of phrases stay out.
 */
function collectProse(text: string, line: number, out: NameCollector): void {
  collectCell(text, line, out);
  for (const sentence of text.split(/\.\s+(?=[A-Z`])/)) {
    const body = sentence.replace(/^- /, '');
    const labelled = /^[A-Z][A-Za-z -]*(?: [a-z]+)*: (.+)$/.exec(body);
    const list = labelled ? labelled[1]! : body;
    collectList(splitList(list), labelled ? body.slice(0, body.indexOf(':')) : undefined, line, out);
    // A labelled list inside a segment: `templates: blank and tickets`, `Values: shell, workflow`.
    for (const segment of splitTopLevel(body, /;/)) {
      const inner = /\b[A-Za-z]+: ([^:]+)$/.exec(segment);
      if (inner && inner[1] !== list) collectList(splitList(inner[1]!), segment, line, out);
    }
  }
}

function splitList(list: string): string[] {
  return splitTopLevel(list, /[,;]/).flatMap((item) => item.split(/\s+(?:and|or)\s+(?=\S+$)/));
}

function collectList(items: string[], label: string | undefined, line: number, out: NameCollector): void {
  const labelled = label !== undefined;
  // `Task factory helpers: createShellTask, ...` and `Engine functions: ...` list functions.
  const itemKind: ReferenceNameKind = label && /function|helper/i.test(label) ? 'function' : 'value';
  const single = items.map((item) => itemName(item));
  const named = single.filter((name): name is string => name !== undefined);
  if (labelled) {
    if (named.length < 2 || named.length < items.length * 0.75) return;
  } else {
    // The first item of an unlabelled list is the last word before it (`operations remember, recall`).
    const rest = single.slice(1);
    if (rest.length < 3 || !rest.every((name) => name !== undefined)) return;
    const lastWord = /([a-z]+)$/.exec(items[0]!)?.[1];
    if (lastWord) out.add(lastWord, 'value', line);
  }
  for (const name of named) out.add(name, /^[A-Z]/.test(name) ? 'type' : itemKind, line);
}

function itemName(item: string): string | undefined {
  const match = /^`?([A-Za-z_][\w-]*(?:<[A-Z]>)?(?:\(\))?)`?(?: \([^)]*\))?\.?$/.exec(item.trim());
  if (!match) return undefined;
  return match[1]!.replace(/<[A-Z]>/, '').replace(/\(\)$/, '');
}

/**
 * Extracts every name the framework reference defines: packages, types, fields, functions,
 * enumeration values, hooks, CLI commands, route file conventions, and defaults (name plus value).
 * The names come from the reference's tables (by column role) and from its inline code and prose lists.
 *
 * @example
 * ```ts
 * const names = extractReferenceNames('| Limit | Default |\n|---|---|\n| maxIterations | 10 |\n');
 * // [{ name: 'maxIterations', kind: 'field', line: 3 }, { name: 'maxIterations', kind: 'default', value: '10', line: 3 }]
 * ```
 */
export function extractReferenceNames(markdown: string): ReferenceName[] {
  const out = new NameCollector();
  const lines = markdown.split('\n');
  let table: Table | undefined;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (text.startsWith('|')) {
      const cells = parseRow(text);
      if (!table) table = { header: cells, rows: [] };
      else if (!cells.every((cell) => /^:?-+:?$/.test(cell))) table.rows.push({ cells, line });
      return;
    }
    if (table) {
      collectTable(table, out);
      table = undefined;
    }
    if (text === '' || text.startsWith('#')) return;
    collectProse(text, line, out);
  });
  if (table) collectTable(table, out);
  return [...out.names.values()];
}

/** Index of `name` in `text` where it is not part of a longer word. */
export function containsName(text: string, name: string): boolean {
  const wordChar = /[A-Za-z0-9_]/;
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at < 0) return false;
    const before = text[at - 1];
    const after = text[at + name.length];
    const startsWord = wordChar.test(name[0]!);
    const endsWord = wordChar.test(name[name.length - 1]!);
    if ((!startsWord || before === undefined || !wordChar.test(before)) && (!endsWord || after === undefined || !wordChar.test(after))) {
      return true;
    }
    from = at + 1;
  }
}

/**
 * Whether a section's text documents a reference name: it contains the name, and for a default the value
 * too (digits may be grouped with `_` or `,`, as in `120_000`).
 */
export function sectionDocuments(text: string, entry: ReferenceName): boolean {
  if (!containsName(text, entry.name)) return false;
  if (entry.kind !== 'default' || entry.value === undefined) return true;
  const plain = text.replace(/(\d)[_,](?=\d)/g, '$1');
  return containsName(plain, entry.value);
}
