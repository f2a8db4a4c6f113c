// A database that stops answering. Over real HTTP, against a real PostgreSQL that the
// test freezes (SIGSTOP), thaws (SIGCONT) and kills: calls that need it are answered 503 with
// Retry-After within queryTimeoutMs (not after the server comes back), one line is logged per outage,
// and a process that stops serving exits at once instead of waiting for its idle connections.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKitApp, type KitServer } from '@kit/kit-core';
import { hasPostgresServer, startPostgres, type TestPostgres } from '../../../../test-support/postgres-server.js';
import { generateCrudRoutes } from '../crud/generate-crud-routes.js';
import { id, string } from '../model/field.js';
import { defineModel } from '../model/define-model.js';
import { createDatabase } from './create-database.js';
import { createTables } from './create-tables.js';
import type { KitDatabase } from './types.js';
import { bundleChildScript } from '../testing/bundle-child.js';

const note = defineModel('note', { id: id(), title: string() });
const source = dirname(fileURLToPath(import.meta.url));
const repository = join(source, '../../../..');

/** The postmaster of the server at `url` and every process it started (its backends), by their pids. */
async function serverProcesses(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const parentOf = (pid: number) =>
    Number(
      readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ')[1],
    );
  let postmaster: number;
  try {
    // Read while the backend still runs: it exits with its connection.
    postmaster = parentOf((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
  } finally {
    await client.end();
  }
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return parentOf(pid) === postmaster;
      } catch {
        return false; // gone meanwhile
      }
    });
  return [postmaster, ...children];
}

function signal(pids: readonly number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // A backend that has exited already.
    }
  }
}

interface Timed {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: Record<string, unknown>;
  readonly ms: number;
}

async function timed(url: string, init?: RequestInit): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body, ms: performance.now() - started };
}

describe.skipIf(!hasPostgresServer())('a PostgreSQL server that stops answering', () => {
  let server: TestPostgres;
  let db: KitDatabase;
  let app: KitServer;
  let base: string;
  let url: string;
  let pids: number[] = [];
  const lines: string[] = [];
  // The backends change as the pool replaces connections, so they are looked up at each freeze.
  const freeze = async () => {
    pids = await serverProcesses(url);
    signal(pids, 'SIGSTOP');
  };

  beforeAll(async () => {
    server = await startPostgres();
    url = await server.createDatabase('frozen');
    db = await createDatabase({
      provider: 'postgres',
      url,
      models: [note],
      setDefault: false,
      queryTimeoutMs: 1_000,
      connectTimeoutMs: 1_000,
      retryAfterSeconds: 7,
      log: (line) => lines.push(line),
    });
    await createTables(db);
    await db.insert(note, { title: 'before the outage' });
    app = await createKitApp({
      routes: generateCrudRoutes(note, { db }),
      onError: (error) => lines.push(`unexpected: ${String(error)}`),
    }).listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${app.port}`;
  }, 60_000);

  afterAll(async () => {
    signal(pids, 'SIGCONT');
    await app?.close();
    await db?.close().catch(() => undefined);
    await server?.stop();
  });

  it('answers 503 with Retry-After within queryTimeoutMs while it is frozen, logs one line, and serves again once it thaws', async () => {
    expect((await timed(`${base}/api/notes`)).status).toBe(200);
    await freeze();
    let answers: Timed[];
    try {
      // More calls at once than the pool has connections: reads, writes, and a read of one record.
      answers = await Promise.all([
        ...Array.from({ length: 12 }, () => timed(`${base}/api/notes`)),
        ...Array.from({ length: 4 }, (_, n) =>
          timed(`${base}/api/notes`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: `during ${n}` }),
          }),
        ),
      ]);
    } finally {
      signal(pids, 'SIGCONT');
    }
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe('7');
      expect(answer.body).toMatchObject({ type: '/problems/service-unavailable', title: 'Service unavailable', status: 503 });
      expect(String(answer.body.detail)).toContain('send it again after 7 s');
      // queryTimeoutMs is 1 s: kit-db's own deadline is a second later, the pool's wait for a connection 1 s.
      expect(answer.ms).toBeLessThan(3_500);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^kit-db: the postgres database at 127\.0\.0\.1:\d+\/frozen is unavailable: .+ Calls that need it are answered 503 with Retry-After: 7/,
    );

    // Thawed: calls are served again (a connection that timed out is replaced), and nothing more is logged.
    let served: Timed | undefined;
    for (let attempt = 0; attempt < 20 && served?.status !== 200; attempt++) served = await timed(`${base}/api/notes`);
    expect(served?.status).toBe(200);
    expect((served?.body.items as { title: string }[]).map((item) => item.title)).toContain('before the outage');
    expect(lines).toHaveLength(1);

    // A second outage is a second line.
    await freeze();
    try {
      expect((await timed(`${base}/api/notes`)).status).toBe(503);
      expect((await timed(`${base}/api/notes`)).status).toBe(503);
    } finally {
      signal(pids, 'SIGCONT');
    }
    expect(lines).toHaveLength(2);
    for (let attempt = 0; attempt < 20 && (await timed(`${base}/api/notes`)).status !== 200; attempt++);
  }, 60_000);

  it('answers 503 at once once the server is killed, still one line for the outage', async () => {
    const before = lines.length;
    pids = await serverProcesses(url);
    signal(pids, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = await Promise.all(Array.from({ length: 5 }, () => timed(`${base}/api/notes`)));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe('7');
      expect(answer.ms).toBeLessThan(3_500);
    }
    expect(lines.length).toBe(before + 1);
    expect(lines.some((line) => line.startsWith('unexpected'))).toBe(false);
  }, 30_000);
});

describe.skipIf(!hasPostgresServer())('a server process on PostgreSQL that is asked to stop', () => {
  let server: TestPostgres;
  let work: string;
  let child: string;

  const childSource = `
import { createKitApp } from '@kit/kit-core';
import { createDatabase } from ${JSON.stringify(join(source, 'create-database.ts'))};
import { generateCrudRoutes } from ${JSON.stringify(join(source, '../crud/generate-crud-routes.ts'))};
import { defineModel } from ${JSON.stringify(join(source, '../model/define-model.ts'))};
import { id, string } from ${JSON.stringify(join(source, '../model/field.ts'))};
async function main() {
  const note = defineModel('note', { id: id(), title: string() });
  const db = await createDatabase({ provider: 'postgres', url: process.argv[2], models: [note] });
  await db.execute('CREATE TABLE IF NOT EXISTS note (id text PRIMARY KEY, title varchar(255) NOT NULL)');
  const app = createKitApp({ routes: generateCrudRoutes(note, { db }) });
  const server = await app.listen({ port: 0, host: '127.0.0.1' });
  // As kit start does: on SIGTERM the HTTP server is closed, and the process ends when nothing is left to do.
  process.once('SIGTERM', () => void server.close());
  process.stdout.write('ready ' + server.port + '\\n');
}
main().catch((error) => { process.stderr.write(String((error && error.stack) || error)); process.exit(1); });
`;

  beforeAll(async () => {
    server = await startPostgres();
    work = mkdtempSync(join(tmpdir(), 'kit-db-exit-'));
    child = join(work, 'serve.cjs');
    await bundleChildScript(childSource, source, child);
  }, 60_000);
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await server?.stop();
  });

  it('exits within a second of SIGTERM, its idle connections closed by no one', async () => {
    const url = await server.createDatabase('stopping');
    const process_ = spawn(process.execPath, [child, url], {
      env: { ...process.env, NODE_PATH: join(repository, 'node_modules') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    process_.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    process_.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => process_.once('exit', (code) => resolve(code)));
    for (let waited = 0; !/ready \d+/.test(output); waited += 50) {
      if (waited > 20_000 || process_.exitCode !== null) throw new Error(`the server did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const port = /ready (\d+)/.exec(output)![1];
    // Several calls at once, so the pool holds several idle connections when the signal comes.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`http://127.0.0.1:${port}/api/notes`, { headers: { Connection: 'close' } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    await Promise.all(answers.map((answer) => answer.text()));
    const signalled = performance.now();
    process_.kill('SIGTERM');
    expect(await exited).toBe(0);
    // node-postgres keeps idle connections for 10 s; they no longer keep the process alive.
    expect(performance.now() - signalled).toBeLessThan(2_000);
  }, 60_000);
});

describe('a SQLite file locked by another process', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kit-db-busy-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('answers a write 503 with Retry-After after the busy timeout, and logs the outage once', async () => {
    const file = join(work, 'busy.db');
    const lines: string[] = [];
    const db = await createDatabase({
      provider: 'sqlite',
      url: file,
      models: [note],
      setDefault: false,
      queryTimeoutMs: 200,
      log: (line) => lines.push(line),
    });
    await createTables(db);
    const app = await createKitApp({ routes: generateCrudRoutes(note, { db }) }).listen({ port: 0, host: '127.0.0.1' });
    const holder = new Database(file);
    try {
      holder.exec('BEGIN IMMEDIATE');
      const post = () =>
        timed(`http://127.0.0.1:${app.port}/api/notes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"title":"blocked"}',
        });
      const first = await post();
      expect(first).toMatchObject({ status: 503, retryAfter: '5' });
      expect(first.ms).toBeLessThan(2_000);
      expect((await post()).status).toBe(503);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('the database file stayed locked (SQLITE_BUSY)');
      holder.exec('COMMIT');
      expect((await post()).status).toBe(201);
    } finally {
      holder.close();
      await app.close();
      await db.close();
    }
  });
});
