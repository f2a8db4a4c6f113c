import { SpanKind, trace, type Span } from '@opentelemetry/api';
import { inSpan, tracingOn } from '@kit/kit-core/internal';
import type { DatabaseProvider } from './types.js';

/**
 * The OpenTelemetry spans of kit-db: one CLIENT span per operation of a `KitDatabase` (an insert, a read, a
 * list, an `execute`...), named `{db.operation.name} {table}`, with the SQL the driver ran as `db.query.text`
 * where that text holds no values (the query builder's and parameterized statements are, raw text without
 * parameters may not be and is left out).
 */
const scope = '@kit/kit-db';

/** `db.system.name` of each provider: libSQL speaks SQLite. */
const systems: Readonly<Record<DatabaseProvider, string>> = { sqlite: 'sqlite', libsql: 'sqlite', postgres: 'postgresql', mysql: 'mysql' };

/** The SQL the statements of each span ran, in order; a span whose text may hold values is not in it. */
const queryTexts = new WeakMap<Span, string[]>();

/** The SQL operation (`db.operation.name`) of each operation of `KitDatabase`. */
const sqlOperations: Readonly<Record<string, string>> = {
  insert: 'INSERT',
  update: 'UPDATE',
  delete: 'DELETE',
  link: 'INSERT',
  query: 'SELECT',
};

/** What a span says an operation is: a `KitDatabase` operation on a model's table, or an SQL statement's text. */
export interface QuerySpanName {
  /** `insert`, `query`... of `KitDatabase`, or an SQL operation (`DELETE`); from `text` when omitted. */
  readonly operation?: string;
  readonly model?: { readonly table: { readonly name: string } } | undefined;
  /** The statement, whose first keyword names the operation. */
  readonly text?: string;
}

/** Runs one operation of a database in its span, when tracing is on. */
export function inQuerySpan<T>(provider: DatabaseProvider, name: QuerySpanName, work: () => Promise<T>): Promise<T> {
  if (!tracingOn()) return work();
  const operation = name.operation === undefined ? operationOf(name.text ?? '') : (sqlOperations[name.operation] ?? name.operation);
  const table = name.model?.table.name;
  const attributes: Record<string, string> = { 'db.system.name': systems[provider], 'db.operation.name': operation };
  if (provider !== systems[provider]) attributes['kit.db.provider'] = provider;
  if (table !== undefined) attributes['db.collection.name'] = table;
  return inSpan(scope, table === undefined ? operation : `${operation} ${table}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    if (span) queryTexts.set(span, []);
    try {
      return await work();
    } finally {
      const texts = span && queryTexts.get(span);
      if (texts && texts.length > 0) span.setAttribute('db.query.text', texts.join('; '));
    }
  });
}

/**
 * Notes the SQL text of a statement about to run, with placeholders for its values, on the active operation's
 * span. Drizzle's logger hands every statement of the query builder here.
 */
export function noteQueryText(text: string): void {
  const span = trace.getActiveSpan();
  const texts = span && queryTexts.get(span);
  if (texts && !texts.includes(text)) texts.push(text);
}

/** The active operation runs SQL text that may hold values (raw text without parameters): none of its text is recorded. */
export function withholdQueryText(): void {
  const span = trace.getActiveSpan();
  if (span) queryTexts.delete(span);
}

/** A drizzle logger that notes each statement's text; the values it is given are never looked at. */
export const queryTextLogger = { logQuery: (query: string): void => noteQueryText(query) };

/** The operation a statement's text names: its first keyword, upper case (`SELECT`, `WITH`, `PRAGMA`), or `QUERY`. */
function operationOf(text: string): string {
  const keyword = /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*([A-Za-z]+)/.exec(text)?.[1];
  return keyword ? keyword.toUpperCase() : 'QUERY';
}
