import { createHash } from 'node:crypto';

/** Longest identifier every dialect keeps whole (PostgreSQL cuts at 63 bytes, MySQL refuses past 64). */
const maxIdentifier = 63;

/**
 * A constraint or index name from its parts (`ticket_title_unique`), shortened with a hash of the
 * full name when it is too long, so the name the database reports always maps back to one field.
 */
export function constraintName(...parts: readonly string[]): string {
  const full = parts.join('_');
  if (full.length <= maxIdentifier) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, maxIdentifier - 9)}_${hash}`;
}

/**
 * The name of a table's primary-key constraint (`ticket_pkey`, PostgreSQL's own convention): composite
 * keys get it at `CREATE TABLE`, and migrations rename and drop keys by it.
 */
export function primaryKeyName(table: string): string {
  return `${table}_pkey`;
}
