import { KitDbError } from '../errors/kit-db-error.js';
import type { ResolvedModel } from '../model/schema.js';
import type { SortKey } from './order.js';

/**
 * A cursor: the values of the sort keys of the last row of a page, with the sort it was made for,
 * as base64url JSON. Opaque to callers; dates travel as milliseconds.
 */
export function encodeCursor(keys: readonly SortKey[], row: Record<string, unknown>): string {
  const values = keys.map((key) => {
    const value = row[key.column.name];
    return value instanceof Date ? value.getTime() : value;
  });
  return Buffer.from(JSON.stringify({ k: signature(keys), v: values }), 'utf8').toString('base64url');
}

/** The values of a cursor, checked to belong to the same sort; `invalid_input` otherwise. */
export function decodeCursor(model: ResolvedModel, keys: readonly SortKey[], cursor: unknown): unknown[] {
  const fail = (problem: string): never => {
    throw new KitDbError(
      'invalid_input',
      `cursor of ${model.name} list ${problem}; pass the nextCursor of the previous page, with the same where and orderBy.`,
      {
        model: model.name,
        field: 'cursor',
        issues: [{ field: 'cursor', message: problem }],
      },
    );
  };
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 4096) return fail('is not a cursor string');
  let decoded: { k?: unknown; v?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k?: unknown; v?: unknown };
  } catch {
    return fail('is not a valid cursor');
  }
  if (
    decoded === null ||
    typeof decoded !== 'object' ||
    decoded.k !== signature(keys) ||
    !Array.isArray(decoded.v) ||
    decoded.v.length !== keys.length
  ) {
    return fail('was made for another sort order');
  }
  return decoded.v.map((value: unknown, index) => {
    const key = keys[index]!;
    if (value === null) return null;
    if (key.column.type === 'datetime') {
      if (typeof value !== 'number') return fail('is not a valid cursor');
      return new Date(value);
    }
    if (typeof value === 'object') return fail('is not a valid cursor');
    return value;
  });
}

function signature(keys: readonly SortKey[]): string {
  return keys.map((key) => `${key.column.name}:${key.direction}`).join(',');
}
