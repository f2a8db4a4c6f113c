import type { Dialect, DialectName } from '../../dialects/dialect.js';
import type { SchemaDiff } from '../diff/diff-snapshots.js';
import type { MigrationStatement } from './common.js';
import { mysqlStatements } from './mysql.js';
import { postgresStatements } from './postgres.js';
import { sqliteStatements } from './sqlite.js';

/**
 * The steps of a migration differ by dialect (SQLite rebuilds tables that servers alter in place), so
 * each dialect has its plan; every plan spells its SQL through the dialect it is given.
 */
const plans: Readonly<Record<DialectName, (diff: SchemaDiff, dialect: Dialect) => MigrationStatement[]>> = {
  sqlite: sqliteStatements,
  postgres: postgresStatements,
  mysql: mysqlStatements,
};

/** The statements that take a database from `diff.prev` to `diff.cur`, written by `dialect`. */
export function migrationStatements(diff: SchemaDiff, dialect: Dialect): MigrationStatement[] {
  return plans[dialect.name](diff, dialect);
}
