import { sql, type SQL } from 'drizzle-orm';
import { KitDbError } from '../errors/kit-db-error.js';
import type { DialectName } from '../dialects/dialect.js';

/**
 * A drizzle `sql` object from a statement with placeholders (`?` on SQLite and MySQL, `$1`, `$2`...
 * on PostgreSQL) and its parameters. Placeholders inside quoted strings, quoted identifiers and
 * comments are text, not parameters. The count must match: `invalid_input` otherwise.
 */
export function rawSql(dialect: DialectName, text: string, params: readonly unknown[]): SQL {
  if (params.length === 0) return sql.raw(text);
  const chunks: SQL[] = [];
  let start = 0;
  let used = 0;
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
      chunks.push(sql.raw(text.slice(start, i)), sql`${params[used]}`);
      used++;
      start = ++i;
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
      chunks.push(sql.raw(text.slice(start, i)), sql`${params[position - 1]}`);
      start = i = end;
      continue;
    }
    i++;
  }
  chunks.push(sql.raw(text.slice(start)));
  const count = dialect === 'postgres' ? highest : used;
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
