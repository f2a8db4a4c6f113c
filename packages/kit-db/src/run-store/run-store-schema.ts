import type { DialectName } from '../dialects/dialect.js';
import type { DatabaseProvider } from '../database/types.js';

/**
 * The tables of `kitDbRunStore`. They are plain SQL rather than `defineModel` models: a run event's key
 * is the pair (run, sequence) and an artifact's bytes are a BLOB, and models have one-column keys
 * and no byte fields.
 */
export const runStoreTables = { runs: 'kit_runs', events: 'kit_run_events', artifacts: 'kit_run_artifacts' } as const;

/**
 * The version of the tables' shape. A later shape comes as a new migration (`kit_run_store_v2`) that
 * `writeRunStoreMigration` adds beside the earlier ones, so a database moves through each in order.
 */
export const runStoreSchemaVersion = 1;

/**
 * The columns each table must have, which `kitDbRunStore` checks before its first call. Every column
 * of text a caller chose freely (the goal, an artifact's name, metadata, checkpoints, event data)
 * holds JSON: its escapes carry a NUL, which PostgreSQL's text refuses, and a lone surrogate, which
 * the drivers' UTF-8 would replace, so what comes back is exactly what went in.
 */
export const runStoreColumns = {
  [runStoreTables.runs]: [
    'id',
    'goal',
    'status',
    'metadata',
    'checkpoint',
    'result',
    'continuation',
    'requested',
    'pending_approval',
    'lease_owner',
    'lease_expires_at',
    'attempts',
    'last_sequence',
    'created_at',
    'updated_at',
  ],
  [runStoreTables.events]: ['run_id', 'seq', 'type', 'at', 'data'],
  [runStoreTables.artifacts]: ['id', 'run_id', 'name', 'content_type', 'size', 'data', 'created_at'],
} as const;

/**
 * Column types by role, per dialect. Times are `big`: milliseconds since the epoch, so that leases
 * compare as numbers with the database's clock and no time zone or precision comes between.
 */
interface Types {
  readonly key: string;
  readonly short: string;
  readonly text: string;
  readonly integer: string;
  readonly big: string;
  readonly bytes: string;
  /** After `CREATE TABLE (...)`. */
  readonly tableOptions: string;
}

const types: Record<DialectName, Types> = {
  sqlite: { key: 'TEXT', short: 'TEXT', text: 'TEXT', integer: 'INTEGER', big: 'INTEGER', bytes: 'BLOB', tableOptions: '' },
  postgres: { key: 'TEXT', short: 'TEXT', text: 'TEXT', integer: 'INTEGER', big: 'BIGINT', bytes: 'BYTEA', tableOptions: '' },
  // Ids are keys, so MySQL needs a bounded type; the binary collation compares ids as the other databases do.
  mysql: {
    key: 'VARCHAR(255)',
    short: 'VARCHAR(255)',
    text: 'LONGTEXT',
    integer: 'INT',
    big: 'BIGINT',
    bytes: 'LONGBLOB',
    tableOptions: ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin',
  },
};

/** The dialect of a provider or dialect name: `libsql` writes SQLite's. */
export function dialectNameOf(provider: DatabaseProvider | DialectName): DialectName {
  return provider === 'libsql' ? 'sqlite' : provider;
}

/**
 * The statements that create the run store's tables and indexes, each safe to run again
 * (`IF NOT EXISTS`): for a migration file, or for `kitDbRunStore(db, { createTables: true })`.
 *
 * @example
 * ```ts
 * import { runStoreSql } from '@kit/kit-db';
 *
 * console.log(runStoreSql('postgres').join(';\n\n'));
 * ```
 */
export function runStoreSql(provider: DatabaseProvider | DialectName): string[] {
  const dialect = dialectNameOf(provider);
  const t = types[dialect];
  const { runs, events, artifacts } = runStoreTables;
  // MySQL has no CREATE INDEX IF NOT EXISTS (MariaDB has), so its indexes are declared in the table.
  const inline = dialect === 'mysql';
  const index = (name: string, table: string, columns: string): { inline: string; statement: string } => ({
    inline: `,\n  INDEX ${name} (${columns})`,
    statement: `CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${columns})`,
  });
  const claimOrder = index('kit_runs_status_created_idx', runs, 'status, created_at, id');
  const newestFirst = index('kit_runs_created_idx', runs, 'created_at, id');
  const byRun = index('kit_run_artifacts_run_idx', artifacts, 'run_id, created_at, id');
  const table = (name: string, body: string[], indexes: { inline: string }[]): string =>
    `CREATE TABLE IF NOT EXISTS ${name} (\n  ${body.join(',\n  ')}${inline ? indexes.map((i) => i.inline).join('') : ''}\n)${t.tableOptions}`;
  const runOf = (name: string) => `CONSTRAINT ${name}_run_fk FOREIGN KEY (run_id) REFERENCES ${runs} (id) ON DELETE CASCADE`;

  return [
    table(
      runs,
      [
        `id ${t.key} NOT NULL PRIMARY KEY`,
        `goal ${t.text} NOT NULL`,
        `status ${t.short} NOT NULL`,
        `metadata ${t.text} NOT NULL`,
        `checkpoint ${t.text}`,
        `result ${t.text}`,
        `continuation ${t.text}`,
        `requested ${t.short}`,
        `pending_approval ${t.text}`,
        `lease_owner ${t.short}`,
        `lease_expires_at ${t.big}`,
        `attempts ${t.integer} NOT NULL`,
        `last_sequence ${t.integer} NOT NULL`,
        `created_at ${t.big} NOT NULL`,
        `updated_at ${t.big} NOT NULL`,
      ],
      [claimOrder, newestFirst],
    ),
    ...(inline ? [] : [claimOrder.statement, newestFirst.statement]),
    table(
      events,
      [
        `run_id ${t.key} NOT NULL`,
        `seq ${t.integer} NOT NULL`,
        `type ${t.short} NOT NULL`,
        `at ${t.text} NOT NULL`,
        `data ${t.text} NOT NULL`,
        `CONSTRAINT ${events}_pk PRIMARY KEY (run_id, seq)`,
        runOf(events),
      ],
      [],
    ),
    table(
      artifacts,
      [
        `id ${t.key} NOT NULL PRIMARY KEY`,
        `run_id ${t.key} NOT NULL`,
        `name ${t.text} NOT NULL`,
        `content_type ${t.text} NOT NULL`,
        `size ${t.big} NOT NULL`,
        `data ${t.bytes} NOT NULL`,
        `created_at ${t.big} NOT NULL`,
        runOf(artifacts),
      ],
      [byRun],
    ),
    ...(inline ? [] : [byRun.statement]),
  ];
}
