import type { SQL, Table } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type { MySql2Database } from 'drizzle-orm/mysql2';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Dialect } from '../dialects/dialect.js';
import type { ResolvedSchema } from '../model/schema.js';
import type { AnyModel, ColumnName, InferInsert, InferRow, InferUpdate } from '../model/types.js';

/** The database providers: two of the SQLite family, two servers. */
export type DatabaseProvider = 'sqlite' | 'libsql' | 'postgres' | 'mysql';

/** The drizzle database instance of each provider. */
export interface DrizzleByProvider {
  readonly sqlite: BetterSQLite3Database;
  readonly libsql: LibSQLDatabase;
  readonly postgres: NodePgDatabase;
  readonly mysql: MySql2Database;
}

/** Where the database is: the `database` field of kit-core's `KitConfig` has this shape. */
export interface DatabaseConfig<P extends DatabaseProvider = DatabaseProvider> {
  readonly provider: P;
  /**
   * `sqlite`: a file path, `file:<path>` or `:memory:`. `libsql`: `file:<path>`, `libsql://`, `http(s)://`
   * or `:memory:`. `postgres`: `postgres://user:password@host:port/database`. `mysql`:
   * `mysql://user:password@host:port/database`. Read it from the environment (`env('DATABASE_URL')`).
   */
  readonly url: string;
}

/** Options of `createDatabase`. */
export interface CreateDatabaseOptions<P extends DatabaseProvider = DatabaseProvider> extends DatabaseConfig<P> {
  /** The models the database holds; relations must name models of this list. */
  readonly models?: readonly AnyModel[];
  /** `libsql` over the network: the auth token. */
  readonly authToken?: string;
  /** Longest wait for a first connection, in milliseconds. Default 5000. */
  readonly connectTimeoutMs?: number;
  /** `postgres` and `mysql`: most connections in the pool. Default 10. */
  readonly poolSize?: number;
  /**
   * `postgres`: how `vector()` fields are stored. `'auto'` (default): `vector(n)` when the pgvector
   * extension is installed in the database or can be created, else `real[]`. `'pgvector'` requires it;
   * `'array'` never uses it.
   */
  readonly vector?: 'auto' | 'pgvector' | 'array';
  /** Make this database the process default (`defaultDatabase()`). Default: only when there is none yet. */
  readonly setDefault?: boolean;
  /**
   * Longest a statement may take, in milliseconds, so that no call waits forever on a database that
   * is down, frozen or overloaded. `postgres`: the server's `statement_timeout` and node-postgres's
   * `query_timeout`; waiting for a free connection of the pool is bounded by `connectTimeoutMs`.
   * `mysql`: the session's `max_statement_time` (MariaDB) or `max_execution_time` (MySQL, reads) and
   * `innodb_lock_wait_timeout`. `sqlite` and local `libsql`: the busy timeout, how long a statement waits
   * for another process's lock. Whatever the driver does, kit-db gives up on a statement a second past
   * it. A statement given up on, or a lost connection, is a `database_unavailable` error: 503 with
   * `Retry-After` over HTTP, and one line in the log per outage. Default 10000 (`sqlite`: 5000, since
   * better-sqlite3 waits for a lock synchronously, holding the whole process). At most 3600000.
   */
  readonly queryTimeoutMs?: number;
  /** `Retry-After` of the 503 a call gets when the database is unavailable, in seconds. Default 5. */
  readonly retryAfterSeconds?: number;
  /**
   * Where the one line of each outage goes (the database stopped answering; written when the first
   * statement fails, not for every call). Default: standard error.
   */
  readonly log?: (line: string) => void;
}

/** A comparison on one column in a `where`. */
export interface FieldFilter<T> {
  readonly eq?: T | null;
  readonly ne?: T | null;
  readonly gt?: T;
  readonly gte?: T;
  readonly lt?: T;
  readonly lte?: T;
  readonly in?: readonly T[];
  readonly notIn?: readonly T[];
  /** SQL `LIKE` pattern (`%` any run, `_` one character), for string columns. */
  readonly like?: string;
  /** `true`: the column is NULL; `false`: it is not. */
  readonly isNull?: boolean;
}

/** Conditions on columns, all of which must hold: a value means equality (`null`: IS NULL). */
export type Where<M> = { readonly [K in keyof InferRow<M>]?: InferRow<M>[K] | FieldFilter<NonNullable<InferRow<M>[K]>> };

/** One sort key of a list. */
export interface OrderBy<M> {
  readonly field: ColumnName<M>;
  /** Default `'asc'`. */
  readonly direction?: 'asc' | 'desc';
}

/** Options of `db.list`. */
export interface ListOptions<M> {
  readonly where?: Where<M>;
  /** Sort keys; the id is always added last so pages are stable. Default: by id. */
  readonly orderBy?: OrderBy<M> | readonly OrderBy<M>[];
  /** Most rows returned, 1 to 1000. Default 100. */
  readonly limit?: number;
  /** Rows skipped first. Not combinable with `cursor`. */
  readonly offset?: number;
  /** `nextCursor` of the previous page, with the same `where` and `orderBy`. */
  readonly cursor?: string;
}

/** One page of a list. */
export interface ListPage<Row> {
  readonly items: Row[];
  /** Cursor of the next page, or `null` when this page is the last. */
  readonly nextCursor: string | null;
}

/** What `db.execute` returns: the rows of a query (empty for statements without rows). */
export interface ExecuteResult {
  readonly rows: Record<string, unknown>[];
}

/** Models of `M` that a relation field of `M` leads to, by field name. */
export type RelationField<M> = M extends { readonly fields: infer S }
  ? { [K in keyof S]: S[K] extends { readonly kind: 'relation' } ? K : never }[keyof S] & string
  : never;

/**
 * A database with its models compiled: typed operations on models, transactions, raw SQL, and the
 * drizzle instance and tables for anything else.
 */
export interface KitDatabase<P extends DatabaseProvider = DatabaseProvider> {
  readonly provider: P;
  readonly dialect: Dialect;
  /** The drizzle instance; inside `transaction`, the transaction's. */
  readonly drizzle: DrizzleByProvider[P];
  /** The models, checked and compiled. */
  readonly schema: ResolvedSchema;
  /** drizzle tables by model name (join tables by table name). */
  readonly tables: Readonly<Record<string, Table>>;
  /** The drizzle table of a model (by name or model) or of a join table (by table name); `unknown_model` otherwise. */
  table(model: string | AnyModel): Table;
  /** Whether this handle is inside `transaction`. */
  readonly inTransaction: boolean;

  /** Inserts a record and returns it as stored (id and defaults filled). */
  insert<M extends AnyModel>(model: M, values: InferInsert<M>): Promise<InferRow<M>>;
  /** The record with this id, or `null`. */
  findById<M extends AnyModel>(model: M, id: string | number): Promise<InferRow<M> | null>;
  /** The record with this id; `not_found` when there is none. */
  get<M extends AnyModel>(model: M, id: string | number): Promise<InferRow<M>>;
  /** A page of records. */
  list<M extends AnyModel>(model: M, options?: ListOptions<M>): Promise<ListPage<InferRow<M>>>;
  /** How many records match. */
  count<M extends AnyModel>(model: M, where?: Where<M>): Promise<number>;
  /** Changes the given columns of a record and returns it; `not_found` when there is none. */
  update<M extends AnyModel>(model: M, id: string | number, patch: InferUpdate<M>): Promise<InferRow<M>>;
  /** Deletes a record; `not_found` when there is none. */
  delete<M extends AnyModel>(model: M, id: string | number): Promise<void>;
  /**
   * Records linked to one record through a relation field: the target of a `belongsTo` (zero or one),
   * the records of a `hasMany`/`hasOne`, the linked records of a `manyToMany`.
   */
  related<M extends AnyModel>(model: M, id: string | number, relation: RelationField<M>): Promise<Record<string, unknown>[]>;
  /** Links two records through a `manyToMany` field (nothing happens when they are linked already). */
  link<M extends AnyModel>(model: M, id: string | number, relation: RelationField<M>, targetId: string | number): Promise<void>;
  /** Removes the link of two records through a `manyToMany` field. */
  unlink<M extends AnyModel>(model: M, id: string | number, relation: RelationField<M>, targetId: string | number): Promise<void>;

  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws (the error is
   * rethrown). Use the `tx` it receives for every statement of the transaction; nested calls make savepoints.
   */
  transaction<T>(fn: (tx: KitDatabase<P>) => Promise<T>): Promise<T>;
  /** Runs raw SQL: a string with `?` placeholders (`$1` on PostgreSQL) and its parameters, or a drizzle `sql` template. */
  execute(query: string | SQL, params?: readonly unknown[]): Promise<ExecuteResult>;
  /** Closes the connections; the database can no longer be used. */
  close(): Promise<void>;
}
