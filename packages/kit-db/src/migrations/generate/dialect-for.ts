import { KitDbError } from '../../errors/kit-db-error.js';
import type { Dialect, DialectName } from '../../dialects/dialect.js';
import { mysqlDialect } from '../../dialects/mysql.js';
import { postgresDialect } from '../../dialects/postgres.js';
import { sqliteDialect } from '../../dialects/sqlite.js';
import type { DatabaseProvider, KitDatabase } from '../../database/types.js';

const dialectOfProvider: Readonly<Record<DatabaseProvider, DialectName>> = {
  sqlite: 'sqlite',
  libsql: 'sqlite',
  postgres: 'postgres',
  mysql: 'mysql',
};

/** What names the dialect of a migration: an instance, a name, a provider or a database. */
export interface DialectChoice {
  readonly dialect?: DialectName | Dialect;
  readonly provider?: DatabaseProvider;
  readonly db?: KitDatabase;
  readonly vector?: 'pgvector' | 'array';
}

/** The dialect instance chosen by `dialect`, `provider` or `db` (in that order). */
export function dialectFor(choice: DialectChoice, component: string): Dialect {
  const { dialect, provider, db } = choice;
  if (dialect !== undefined && typeof dialect === 'object' && dialect !== null) return dialect;
  if (dialect === undefined && provider === undefined && db !== undefined) return db.dialect;
  const name = dialect ?? (provider === undefined ? undefined : dialectOfProvider[provider]);
  if (name === undefined) {
    throw new KitDbError(
      'invalid_config',
      provider === undefined && dialect === undefined
        ? `${component}: say which database the migrations are for: { provider: 'sqlite' | 'libsql' | 'postgres' | 'mysql' } (or dialect, or db).`
        : `${component}: unknown provider ${JSON.stringify(provider)}; use 'sqlite', 'libsql', 'postgres' or 'mysql'.`,
    );
  }
  switch (name) {
    case 'sqlite':
      return sqliteDialect();
    case 'postgres':
      return postgresDialect({ vectorStorage: choice.vector ?? 'array' });
    case 'mysql':
      return mysqlDialect();
    default:
      throw new KitDbError('invalid_config', `${component}: unknown dialect ${JSON.stringify(name)}; use 'sqlite', 'postgres' or 'mysql'.`);
  }
}
