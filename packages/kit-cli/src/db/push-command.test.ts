import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-support/redis-server.js';
import { ticketModel } from '../testing/models.js';
import { createTempApp, runKitInProcess, type TempApp } from '../testing/temp-app.js';

let app: TempApp;
beforeEach(async () => {
  app = await createTempApp({ 'app/models/ticket.ts': ticketModel });
});
afterEach(() => app.remove());

const kit = (args: string[], env: Record<string, string> = {}) => runKitInProcess(args, { cwd: app.root, env });
const withoutTimes = (text: string) => text.replace(/\d+ ms/g, '<n> ms');

describe('kit db:push', () => {
  it('applies the pending migrations to the configured SQLite file, creating it, and then has nothing to do', async () => {
    await kit(['db:migrate']);
    expect(existsSync(join(app.root, 'data'))).toBe(false);
    const pushed = await kit(['db:push']);
    expect({ ...pushed, stdout: withoutTimes(pushed.stdout) }).toEqual({
      code: 0,
      stderr: '',
      stdout: 'Applied 1 migration to sqlite data/app.db:\n  MIGRATION           TIME\n  0001_create_ticket  <n> ms\n',
    });
    expect(existsSync(join(app.root, 'data', 'app.db'))).toBe(true);
    expect(await kit(['db:push'])).toEqual({
      code: 0,
      stderr: '',
      stdout: 'The database (sqlite data/app.db) is up to date: no pending migration in migrations/.\n',
    });
  });

  it('refuses to run (exit 1) when an applied migration was edited', async () => {
    await kit(['db:migrate']);
    await kit(['db:push']);
    appendFileSync(join(app.root, 'migrations', '0001_create_ticket.sql'), '\n-- edited\n');
    const refused = await kit(['db:push']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^kit db:push: .*0001_create_ticket/);
  });

  it('takes the database from --url, else kit.config.ts, else DATABASE_URL', async () => {
    await kit(['db:migrate']);
    expect((await kit(['db:push', '--url', 'other/one.db'])).stdout.split('\n')[0]).toBe('Applied 1 migration to sqlite other/one.db:');
    // A process keeps kit.config.ts once imported, so the app without a database is a fresh one.
    const bare = await createTempApp({ 'app/models/ticket.ts': ticketModel, 'kit.config.ts': 'export default { routes: {} };\n' });
    try {
      const run = (env: Record<string, string>) => runKitInProcess(['db:push'], { cwd: bare.root, env });
      await runKitInProcess(['db:migrate', '--provider', 'sqlite'], { cwd: bare.root });
      expect((await run({ DATABASE_URL: 'file:env/two.db' })).stdout.split('\n')[0]).toBe('Applied 1 migration to sqlite env/two.db:');
      expect(existsSync(join(bare.root, 'env', 'two.db'))).toBe(true);
      expect(await run({})).toEqual({
        code: 3,
        stdout: '',
        stderr:
          "kit db:push: no database is configured; add database: { provider: 'sqlite', url: 'data/app.db' } to kit.config.ts, set DATABASE_URL, or pass --url <url>\n",
      });
    } finally {
      await bare.remove();
    }
  });

  it('has nothing to apply without migrations, and exits 3 when the database cannot be reached', async () => {
    expect(await kit(['db:push'])).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'Nothing to apply: there is no migrations folder at migrations/. kit db:migrate writes the first migration once the app has a model in app/models/.\n',
    });
    await kit(['db:migrate']);
    const port = await freePort();
    const unreachable = await kit(['db:push', '--url', `postgres://app:secret@127.0.0.1:${port}/app`]);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/^kit db:push: Cannot connect to postgres at 127\.0\.0\.1:\d+\/app: connection refused/);
    expect(unreachable.stderr).not.toContain('secret');
  });
});
