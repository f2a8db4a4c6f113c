import type { SQL } from 'drizzle-orm';
import type { Dialect } from '../../dialects/dialect.js';
import type { DatabaseProvider } from '../types.js';

/**
 * One way into the database: the drizzle instance of the root or of an open transaction, with raw
 * statements and nested transactions on the same connection.
 */
export interface Session {
  /** The drizzle instance (root) or transaction object. */
  readonly drizzle: unknown;
  readonly inTransaction: boolean;
  /** Runs one statement and returns its rows (none for statements without rows). */
  query(statement: SQL): Promise<Record<string, unknown>[]>;
  /**
   * Runs SQL text in the driver's own placeholder style with its parameters, without the query
   * builder, where the connection offers it (SQLite); `execute` with a string takes this path.
   */
  queryText?(text: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs `fn` in a transaction (a savepoint when already inside one). */
  transaction<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /**
   * Starts `fn` once no transaction of the root holds the connection: SQLite has one connection,
   * so a statement of the root must not land inside a transaction someone else opened.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/** An open database: its provider, dialect and root session. */
export interface Connection {
  readonly provider: DatabaseProvider;
  readonly dialect: Dialect;
  readonly root: Session;
  /** What error messages name: the host and port, or the file. */
  readonly where: string;
  close(): Promise<void>;
}

/**
 * Keeps statements of the root out of a transaction in progress on a single shared connection: a
 * transaction waits for the statements already started, and statements wait for the transaction.
 */
export class TransactionGate {
  #holder: Promise<void> | null = null;
  #running = 0;
  #drained: (() => void)[] = [];

  /** Runs `fn` when no transaction holds the gate; the transaction that comes next waits for it. */
  async pass<T>(fn: () => Promise<T>): Promise<T> {
    while (this.#holder !== null) await this.#holder;
    this.#running++;
    try {
      return await fn();
    } finally {
      this.#running--;
      if (this.#running === 0) for (const wake of this.#drained.splice(0)) wake();
    }
  }

  /** Runs `fn` holding the gate, once the statements in flight have finished; others wait until it settles. */
  async hold<T>(fn: () => Promise<T>): Promise<T> {
    for (;;) {
      if (this.#holder !== null) await this.#holder;
      else if (this.#running > 0) await new Promise<void>((resolve) => this.#drained.push(resolve));
      else break;
    }
    let release!: () => void;
    this.#holder = new Promise<void>((resolve) => (release = resolve));
    try {
      return await fn();
    } finally {
      this.#holder = null;
      release();
    }
  }
}

/** Runs statements directly: for sessions that need no gate (servers with pools, or inside a transaction). */
export const direct = <T>(fn: () => Promise<T>): Promise<T> => fn();
