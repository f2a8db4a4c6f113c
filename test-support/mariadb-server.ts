import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { missingTool, noteMissingTool } from './missing-tools.js';
import { freePort } from './redis-server.js';
import { startServerProcess } from './server-process.js';

/**
 * A MariaDB server started for a test: its own data directory in a temp directory, on a free
 * loopback port, without privilege checks (any user, no password), without binary log or durable flushes.
 */
export interface TestMariadb {
  /** URL of the server, without a database. */
  readonly url: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (SIGTERM, a clean shutdown) and removes its directory. */
  stop(): Promise<void>;
}

/** The MariaDB (or MySQL) server program found on the PATH or in /usr/sbin, if any. */
export function mariadbServerBinary(): string | undefined {
  for (const name of ['mariadbd', 'mysqld', '/usr/sbin/mariadbd', '/usr/sbin/mysqld']) {
    if (spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0) return name;
  }
  return undefined;
}

/**
 * Whether a MariaDB server is installed (Debian package `mariadb-server`; `.ci/run` installs it). When it
 * is not, the check is recorded for the line that ends the run (see missing-tools.ts).
 */
export function hasMariadbServer(): boolean {
  if (mariadbServerBinary() !== undefined) return true;
  noteMissingTool('mariadb');
  return false;
}

/**
 * Starts a real MariaDB server and waits until it accepts connections (well under a second).
 *
 * The data directory starts empty, without `mariadb-install-db`: with `--skip-grant-tables` the
 * server needs no privilege tables, and skipping the install saves about 3 s per server. `--user` is
 * the current user, which lets the server run as root in containers.
 */
export async function startMariadb(): Promise<TestMariadb> {
  const binary = mariadbServerBinary();
  if (binary === undefined) throw missingTool('mariadb', 'no mariadbd or mysqld');
  const dir = mkdtempSync(join(tmpdir(), 'kit-mariadb-'));
  const port = await freePort();
  const { stop } = await startServerProcess({
    name: 'mariadbd',
    command: binary,
    args: [
      '--no-defaults',
      `--datadir=${dir}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(dir, 'sock')}`,
      `--pid-file=${join(dir, 'pid')}`,
      `--user=${userInfo().username}`,
      '--skip-grant-tables',
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=32M',
      '--innodb-log-file-size=16M',
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-doublewrite=0',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_bin',
    ],
    readyText: 'ready for connections',
    stopSignal: 'SIGTERM',
    killAfterMs: 10_000,
    dir,
  });
  const url = `mysql://root@127.0.0.1:${port}`;
  return {
    url,
    createDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${JSON.stringify(name)}: use lowercase letters, digits and _`);
      const connection = await mysql.createConnection({ uri: url });
      try {
        await connection.query(`CREATE DATABASE \`${name}\``);
      } finally {
        await connection.end();
      }
      return `${url}/${name}`;
    },
    stop,
  };
}
