import { describeValue, KitOpsError } from './kit-ops-error.js';
import { opsEventKinds, type OpsEventFilter } from './types.js';

/** The WHERE terms and parameters of an event filter (kind, subject, correlation id, status). */
export function filterSql(filter: OpsEventFilter, where: string): { where: string[]; params: unknown[] } {
  const terms: string[] = [];
  const params: unknown[] = [];
  if (filter.kind !== undefined) {
    const kinds = typeof filter.kind === 'string' ? [filter.kind] : filter.kind;
    if (!Array.isArray(kinds) || kinds.length === 0 || kinds.some((kind) => !opsEventKinds.includes(kind))) {
      throw new KitOpsError(
        'invalid_query',
        `${where}: kind must be one of ${opsEventKinds.map((kind) => `"${kind}"`).join(', ')} or a non-empty array of them, got ${describeValue(filter.kind)}`,
      );
    }
    terms.push(`kind IN (${kinds.map(() => '?').join(', ')})`);
    params.push(...kinds);
  }
  for (const [field, column] of [
    ['subject', 'subject'],
    ['correlationId', 'correlation_id'],
    ['status', 'status'],
  ] as const) {
    const value = filter[field];
    if (value === undefined) continue;
    if (typeof value !== 'string')
      throw new KitOpsError('invalid_query', `${where}: ${field} must be a string, got ${describeValue(value)}`);
    terms.push(`${column} = ?`);
    params.push(value);
  }
  return { where: terms, params };
}
