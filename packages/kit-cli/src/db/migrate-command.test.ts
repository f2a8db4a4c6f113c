import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceModel, ticketModel, ticketWithDue } from '../testing/models.js';
import { createTempApp, runKit, runKitInProcess, type TempApp } from '../testing/temp-app.js';

// Models are TypeScript files the program loads with tsx: the first test runs the real program in a
// child process; the others call runCli in this process (a changed model goes in a new file, since a
// module once imported stays cached in a process).
let app: TempApp;
beforeEach(async () => {
  app = await createTempApp({ 'app/models/ticket.ts': ticketModel });
});
afterEach(() => app.remove());

const spawned = (...args: string[]) => runKit(args, { cwd: app.root });
const kit = (...args: string[]) => runKitInProcess(args, { cwd: app.root });
const migrations = () => readdirSync(join(app.root, 'migrations')).filter((name) => name.endsWith('.sql'));

describe('kit db:migrate', () => {
  it('writes the first migration and its snapshot, then nothing while the models stay the same', async () => {
    expect(await spawned('db:migrate')).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'Wrote migrations/0001_create_ticket.sql (sqlite, 1 statement) from 1 model in 1 file of app/models/:',
        '  create table "ticket" (model ticket)',
        'Snapshot: migrations/meta/0001_snapshot.json',
        'Next: review the SQL, commit both files, then apply it with kit db:push.',
        '',
      ].join('\n'),
    });
    expect(readFileSync(join(app.root, 'migrations/0001_create_ticket.sql'), 'utf8')).toContain('CREATE TABLE "ticket"');
    expect(existsSync(join(app.root, 'migrations/meta/0001_snapshot.json'))).toBe(true);
    expect(await spawned('db:migrate')).toEqual({
      code: 0,
      stderr: '',
      stdout: 'Nothing to write: the sqlite migrations in migrations/ match the models (1 model in 1 file of app/models/).\n',
    });
  });

  it('--check exits 1 naming the changes and writes nothing; a named migration of the change follows', async () => {
    await kit('db:migrate');
    await replaceModel(app, ticketWithDue);
    expect(await kit('db:migrate', '--check')).toEqual({
      code: 1,
      stderr: '',
      stdout:
        'The models (1 model in 1 file of app/models/) changed since the latest migration; kit db:migrate would write 0002_add_ticket_due_on.sql:\n  "ticket": add column "dueOn" text\n',
    });
    expect(migrations()).toEqual(['0001_create_ticket.sql']);
    const written = await kit('db:migrate', '--name', 'due dates');
    expect(written.code).toBe(0);
    expect(written.stdout.split('\n')[0]).toBe(
      'Wrote migrations/0002_due_dates.sql (sqlite, 1 statement) from 1 model in 1 file of app/models/:',
    );
    expect((await kit('db:migrate', '--check')).code).toBe(0);
  });

  it('exits 3 without models or without a dialect to write', async () => {
    const bare = await createTempApp({ 'kit.config.ts': 'export default { routes: {} };\n' });
    try {
      expect(await runKitInProcess(['db:migrate'], { cwd: bare.root })).toEqual({
        code: 3,
        stdout: '',
        stderr:
          'kit db:migrate: no models in app/models/ (files exporting defineModel(...) results); create one with kit add model <name>\n',
      });
      await bare.write('app/models/ticket.ts', ticketModel);
      expect((await runKitInProcess(['db:migrate'], { cwd: bare.root })).stderr).toBe(
        'kit db:migrate: no database is configured, so the SQL dialect is unknown; add database: { provider, url } to kit.config.ts, set DATABASE_URL, or pass --provider sqlite|libsql|postgres|mysql\n',
      );
      const postgres = await runKitInProcess(['db:migrate', '--provider', 'postgres'], { cwd: bare.root });
      expect(postgres.stdout.split('\n')[0]).toBe(
        'Wrote migrations/0001_create_ticket.sql (postgres, 1 statement) from 1 model in 1 file of app/models/:',
      );
    } finally {
      await bare.remove();
    }
  });
});
