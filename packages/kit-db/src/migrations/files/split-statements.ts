import type { SqlDialect } from '../snapshot/snapshot.js';

/**
 * The statements of a migration file, in order, each without its closing `;`. A statement ends at a
 * `;` outside quotes (`'…'`, `"…"`, `` `…` ``), comments (`-- …`, `/* … *\/`), dollar quotes
 * (`$$ … $$`, `$tag$ … $tag$`, PostgreSQL only) and the `BEGIN … END` body of a `CREATE TRIGGER`;
 * MySQL strings may hold backslash escapes. Chunks of comments and whitespace only are left out, so a
 * file may carry notes for its reviewer. The runner executes statements one at a time so that a
 * failure can name the statement that failed.
 */
export function splitStatements(sql: string, dialect: SqlDialect): string[] {
  const backslashEscapes = dialect === 'mysql';
  const dollarQuotes = dialect === 'postgres';
  const statements: string[] = [];
  let start = 0;
  let index = 0;
  // Depth of BEGIN/CASE … END inside a trigger body, where `;` separates the body's own statements.
  let blockDepth = 0;
  const length = sql.length;

  const finish = (end: number): void => {
    const text = sql.slice(start, end).trim();
    if (hasCode(text)) statements.push(text);
    start = end + 1;
    blockDepth = 0;
  };

  while (index < length) {
    const char = sql[index]!;
    const next = sql[index + 1];
    if (char === '-' && next === '-') {
      index = lineEnd(sql, index);
    } else if (char === '/' && next === '*') {
      const close = sql.indexOf('*/', index + 2);
      index = close === -1 ? length : close + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      index = quoteEnd(sql, index, char, backslashEscapes);
    } else if (char === '$' && dollarQuotes && isDollarQuoteStart(sql, index)) {
      const tag = sql.slice(index, sql.indexOf('$', index + 1) + 1);
      const close = sql.indexOf(tag, index + tag.length);
      index = close === -1 ? length : close + tag.length;
    } else if (isWordStart(char) && (index === 0 || !isWordChar(sql[index - 1]!))) {
      let end = index + 1;
      while (end < length && isWordChar(sql[end]!)) end += 1;
      const word = sql.slice(index, end).toUpperCase();
      if (isTriggerStatement(sql.slice(start, end))) {
        if (word === 'BEGIN' || word === 'CASE') blockDepth += 1;
        else if (word === 'END' && blockDepth > 0) blockDepth -= 1;
      }
      index = end;
    } else if (char === ';' && blockDepth === 0) {
      finish(index);
      index += 1;
    } else {
      index += 1;
    }
  }
  finish(length);
  return statements;
}

/** Whether `text` holds anything but comments and whitespace. */
function hasCode(text: string): boolean {
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '-' && text[index + 1] === '-') index = lineEnd(text, index);
    else if (char === '/' && text[index + 1] === '*') {
      const close = text.indexOf('*/', index + 2);
      index = close === -1 ? text.length : close + 2;
    } else if (/\s/.test(char)) index += 1;
    else return true;
  }
  return false;
}

function lineEnd(sql: string, from: number): number {
  const newline = sql.indexOf('\n', from);
  return newline === -1 ? sql.length : newline + 1;
}

/** The index after the quote opened at `from`; a doubled quote character stands for itself. */
function quoteEnd(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let index = from + 1;
  while (index < sql.length) {
    if (sql[index] === quote) {
      if (sql[index + 1] === quote) index += 2;
      else return index + 1;
    } else if (backslashEscapes && quote !== '`' && sql[index] === '\\' && index + 1 < sql.length) {
      // MySQL reads backslash escapes inside strings; a `\'` there must not end the string.
      index += 2;
    } else index += 1;
  }
  return sql.length;
}

/** `$$` or `$tag$` where the tag is an identifier, and not a `$1` parameter. */
function isDollarQuoteStart(sql: string, from: number): boolean {
  if (from > 0 && isWordChar(sql[from - 1]!)) return false;
  const close = sql.indexOf('$', from + 1);
  if (close === -1) return false;
  return /^[A-Za-z_][A-Za-z0-9_]*$|^$/.test(sql.slice(from + 1, close));
}

function isTriggerStatement(head: string): boolean {
  return /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(head);
}

function isWordStart(char: string): boolean {
  return /[A-Za-z_]/.test(char);
}

function isWordChar(char: string): boolean {
  return /[A-Za-z0-9_$]/.test(char);
}
