import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChildScript } from '../../testing/bundle-child.js';

// Two real processes apply the same migrations to one SQLite file while the test holds SQLite's write
// lock, so both are waiting when it is released: exactly one may apply each migration.
const source = dirname(fileURLToPath(import.meta.url));
const repository = join(source, '../../../../..');
let work: string;
let child: string;

const childSource = `
import { createDatabase } from ${JSON.stringify(join(source, '../../database/create-database.ts'))};
import { applyMigrations } from ${JSON.stringify(join(source, 'apply-migrations.ts'))};
async function main() {
  const [, , provider, url, dir] = process.argv;
  const db = await createDatabase({ provider, url, models: [], setDefault: false });
  process.stderr.write('ready\\n');
  const result = await applyMigrations({ db, dir, lockTimeoutMs: 20000 });
  await db.close();
  process.stdout.write(JSON.stringify({ applied: result.applied.map((m) => m.name), skipped: result.skipped }));
}
main().catch((error) => { process.stderr.write(String((error && error.stack) || error)); process.exit(1); });
`;

interface ChildResult {
  readonly applied: string[];
  readonly skipped: string[];
}

/** Starts the applier; `ready` resolves once it is about to apply, `done` with what it applied. */
function startApplier(provider: string, url: string, dir: string): { ready: Promise<void>; done: Promise<ChildResult> } {
  const process_ = spawn(process.execPath, [child, provider, url, dir], {
    env: { ...process.env, NODE_PATH: join(repository, 'node_modules') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  process_.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  process_.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    if (stderr.includes('ready\n')) markReady();
  });
  const done = new Promise<ChildResult>((resolve, reject) => {
    process_.on('exit', (code) => {
      markReady();
      if (code === 0) resolve(JSON.parse(stdout) as ChildResult);
      else reject(new Error(`applier exited with ${code}: ${stderr}`));
    });
  });
  return { ready, done };
}

/** SQLite's write lock, held from another connection until `release`. */
interface LockHolder {
  release(): Promise<void>;
}

function sqliteHolder(file: string): LockHolder {
  const holder = new Database(file);
  holder.pragma('journal_mode = WAL');
  holder.exec('BEGIN IMMEDIATE');
  return {
    release: async () => {
      holder.exec('COMMIT');
      holder.close();
    },
  };
}

async function libsqlHolder(url: string): Promise<LockHolder> {
  const client = createClient({ url });
  const transaction = await client.transaction('write');
  return {
    release: async () => {
      await transaction.commit();
      client.close();
    },
  };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kit-db-processes-'));
  child = join(work, 'applier.cjs');
  // Bundled once, so each process starts in a fraction of a second; native drivers load from the repository.
  await bundleChildScript(childSource, source, child);
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(['sqlite', 'libsql'])('two processes applying migrations to one %s file', (provider) => {
  it('apply each migration once, the second process finding it done', async () => {
    const dir = join(work, `${provider}-migrations`);
    mkdirSync(dir);
    writeFileSync(join(dir, '0001_create.sql'), 'CREATE TABLE once (n integer);\n');
    // A slow migration keeps the lock while the other process waits on it.
    writeFileSync(
      join(dir, '0002_fill.sql'),
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000) INSERT INTO once SELECT x FROM c;\n',
    );
    writeFileSync(join(dir, '0003_mark.sql'), 'CREATE TABLE marks (n integer);\nINSERT INTO marks VALUES (1);\n');
    const file = join(work, `${provider}.db`);
    const url = provider === 'libsql' ? `file:${file}` : file;
    // The lock is taken with the provider's own library: libSQL and better-sqlite3 do not see each other's locks.
    const holder = provider === 'libsql' ? await libsqlHolder(url) : sqliteHolder(file);
    const first = startApplier(provider, url, dir);
    const second = startApplier(provider, url, dir);
    await Promise.all([first.ready, second.ready]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await holder.release();
    const results = await Promise.all([first.done, second.done]);
    const applied = results.flatMap((result) => result.applied).sort();
    expect(applied).toEqual(['0001_create', '0002_fill', '0003_mark']);
    expect(results.flatMap((result) => result.skipped).every((name) => applied.includes(name))).toBe(true);
    const reader = new Database(file, { readonly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM once').get()).toEqual({ n: 50000 });
    expect(reader.prepare('SELECT count(*) AS n FROM marks').get()).toEqual({ n: 1 });
    expect(reader.prepare('SELECT name FROM kit_migrations ORDER BY name').all()).toEqual(applied.map((name) => ({ name })));
    reader.close();
  }, 30_000);
});
