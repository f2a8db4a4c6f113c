import { sql, type SQL } from 'drizzle-orm';
import { KitDbError } from '../errors/kit-db-error.js';
import type { DialectName } from '../dialects/dialect.js';

/** A placeholder found in a statement: where it is, and the parameter it takes (0-based). */
interface Placeholder {
  start: number;
  end: number;
  param: number;
}

/**
 * The placeholders of a statement (`?` on SQLite and MySQL, `$1`, `$2`... on PostgreSQL), checked
 * against the parameters: placeholders inside quoted strings, quoted identifiers and comments are
 * text, not parameters, and the count must match (`invalid_input` otherwise).
 */
export function findPlaceholders(dialect: DialectName, text: string, params: readonly unknown[]): Placeholder[] {
  const found: Placeholder[] = [];
  let highest = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "'" || char === '"' || char === '`') {
      i = skipQuoted(text, i, char, dialect === 'mysql');
      continue;
    }
    if (char === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (dialect !== 'postgres' && char === '?') {
      found.push({ start: i, end: i + 1, param: found.length });
      i++;
      continue;
    }
    if (dialect === 'postgres' && char === '$' && /\d/.test(text[i + 1] ?? '') && !/[\w$]/.test(text[i - 1] ?? '')) {
      let end = i + 1;
      while (/\d/.test(text[end] ?? '')) end++;
      const position = Number(text.slice(i + 1, end));
      if (position < 1 || position > params.length) {
        throw new KitDbError('invalid_input', `execute: $${position} has no parameter; ${params.length} were given.`, {
          field: 'params',
          issues: [{ field: 'params', message: `$${position} has no parameter` }],
        });
      }
      highest = Math.max(highest, position);
      found.push({ start: i, end, param: position - 1 });
      i = end;
      continue;
    }
    i++;
  }
  const count = dialect === 'postgres' ? highest : found.length;
  if (count !== params.length) {
    const mark = dialect === 'postgres' ? '$n' : '?';
    throw new KitDbError(
      'invalid_input',
      `execute: the statement has ${count} ${mark} placeholder${count === 1 ? '' : 's'} but ${params.length} parameter${params.length === 1 ? ' was' : 's were'} given.`,
      {
        field: 'params',
        issues: [{ field: 'params', message: `expected ${count}, got ${params.length}` }],
      },
    );
  }
  return found;
}

/**
 * A drizzle `sql` object from a statement with placeholders and its parameters (see
 * `findPlaceholders` for what counts as one).
 */
export function rawSql(dialect: DialectName, text: string, params: readonly unknown[]): SQL {
  if (params.length === 0) return sql.raw(text);
  const chunks: SQL[] = [];
  let start = 0;
  for (const placeholder of findPlaceholders(dialect, text, params)) {
    chunks.push(sql.raw(text.slice(start, placeholder.start)), sql`${params[placeholder.param]}`);
    start = placeholder.end;
  }
  chunks.push(sql.raw(text.slice(start)));
  return sql.join(chunks);
}

/** The index after a quoted string or identifier; MySQL strings also escape with a backslash. */
function skipQuoted(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < text.length) {
    if (backslashEscapes && text[i] === '\\' && quote !== '"') {
      i += 2;
      continue;
    }
    if (text[i] === quote) {
      if (text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return i;
}
