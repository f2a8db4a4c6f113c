import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { missingTool, noteMissingTool } from './missing-tools.js';
import { freePort } from './redis-server.js';
import { startServerProcess } from './server-process.js';

/**
 * A PostgreSQL server started for a test: its own cluster in a temp directory, on a free loopback
 * port, trusting every local connection (user `postgres`, no password), without fsync.
 */
export interface TestPostgres {
  /** URL of the `postgres` database. */
  readonly url: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown) and removes its directory. */
  stop(): Promise<void>;
}

/** The directory of the newest installed PostgreSQL's programs (`/usr/lib/postgresql/<version>/bin`), if any. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'postgres')) && existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/**
 * Whether PostgreSQL's server programs are installed (Debian package `postgresql`; `.ci/run` installs it).
 * When they are not, the check is recorded for the line that ends the run (see missing-tools.ts).
 */
export function hasPostgresServer(): boolean {
  if (postgresBinDir() !== undefined) return true;
  noteMissingTool('postgresql');
  return false;
}

/**
 * `initdb` and `postgres` refuse to run as root. When the tests run as root (containers, CI), both
 * run as `nobody` through `setpriv`, in a temp directory handed to `nobody` first.
 */
function asServerUser(command: string, args: readonly string[]): { command: string; args: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { command, args: [...args] };
  return {
    command: 'setpriv',
    args: ['--reuid=nobody', '--regid=nogroup', '--clear-groups', '--', command, ...args],
    uid: 65534,
    gid: 65534,
  };
}

/** Starts a real PostgreSQL server and waits until it accepts connections (about 2 s, mostly `initdb`). */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (bin === undefined) throw missingTool('postgresql', 'no /usr/lib/postgresql/<version>/bin/postgres');
  const dir = mkdtempSync(join(tmpdir(), 'kit-pg-'));
  const data = join(dir, 'data');
  const initdb = asServerUser(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '--encoding=UTF8',
    '--no-locale',
  ]);
  if (initdb.uid !== undefined) chownSync(dir, initdb.uid, initdb.gid!);
  const init = spawnSync(initdb.command, initdb.args, { encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(init.stderr || init.stdout || String(init.error)).slice(-800)}`);
  }
  const port = await freePort();
  const server = asServerUser(join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=50',
  ]);
  // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, nothing is waited for.
  const { stop } = await startServerProcess({
    name: 'postgres',
    command: server.command,
    args: server.args,
    readyText: 'database system is ready to accept connections',
    stopSignal: 'SIGINT',
    killAfterMs: 5000,
    dir,
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    createDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${JSON.stringify(name)}: use lowercase letters, digits and _`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
  };
}
