import type { DialectName } from '../dialects/dialect.js';
import type { ExecuteResult, KitDatabase } from '../database/types.js';

/** A parameter of a statement. */
class Param {
  constructor(readonly value: unknown) {}
}

/**
 * A statement of the run store: SQL text and parameters, rendered in the dialect's placeholder style
 * and run as a plain string. The store's statements are few and fixed, and it runs them many times a
 * second; going through the query builder for each cost it more than the database did.
 */
export class Statement {
  constructor(readonly parts: readonly (string | Param)[]) {}
}

/** `sql\`...\``: values become parameters, statements are spliced in. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Statement {
  const parts: (string | Param)[] = [];
  strings.forEach((text, index) => {
    parts.push(text);
    if (index >= values.length) return;
    const value = values[index];
    if (!(value instanceof Statement)) parts.push(new Param(value));
    else for (const part of value.parts) parts.push(part);
  });
  return new Statement(parts);
}

/** Text spliced in as it is: identifiers and fixed fragments, never input. */
sql.raw = (text: string): Statement => new Statement([text]);

/** Statements joined by a separator. */
sql.join = (items: readonly Statement[], separator: Statement): Statement => {
  const parts: (string | Param)[] = [];
  items.forEach((item, index) => {
    if (index > 0) for (const part of separator.parts) parts.push(part);
    for (const part of item.parts) parts.push(part);
  });
  return new Statement(parts);
};

/** The statement's text with `?` (SQLite, MySQL) or `$1`, `$2`... (PostgreSQL), and its parameters. */
export function render(statement: Statement, dialect: DialectName): { text: string; params: unknown[] } {
  let text = '';
  const params: unknown[] = [];
  for (const part of statement.parts) {
    if (typeof part === 'string') text += part;
    else {
      params.push(part.value);
      text += dialect === 'postgres' ? `$${params.length}` : '?';
    }
  }
  return { text, params };
}

/** Runs a statement on a database or transaction. */
export function execute(db: KitDatabase, statement: Statement): Promise<ExecuteResult> {
  const { text, params } = render(statement, db.dialect.name);
  return db.execute(text, params);
}
