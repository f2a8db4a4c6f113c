import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceModel, ticketModel, ticketRenamed } from '../testing/models.js';
import { createTempApp, runKitInProcess, type TempApp } from '../testing/temp-app.js';

// runCli in this process; a changed model goes in a new file, since a module once imported stays cached.
let app: TempApp;
beforeEach(async () => {
  app = await createTempApp({ 'app/models/ticket.ts': ticketModel });
});
afterEach(() => app.remove());

const kit = (...args: string[]) => runKitInProcess(args, { cwd: app.root });
const migrations = () => readdirSync(join(app.root, 'migrations')).filter((name) => name.endsWith('.sql'));

describe('kit db:migrate with renames and drops', () => {
  it('refuses to drop a renamed field (exit 1) until the rename is declared', async () => {
    await kit('db:migrate');
    await replaceModel(app, ticketRenamed);
    const refused = await kit('db:migrate');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('kit db:migrate: kit-db generateMigration: the model changes drop field "ticket.title"');
    expect(migrations()).toEqual(['0001_create_ticket.sql']);
    const renamed = await kit('db:migrate', '--rename', 'ticket.title=ticket.subject');
    expect(renamed.code).toBe(0);
    expect(readFileSync(join(app.root, migrations()[1] ? join('migrations', migrations()[1] as string) : 'missing'), 'utf8')).toContain(
      'RENAME COLUMN "title" TO "subject"',
    );
    expect((await kit('db:migrate', '--rename', 'title')).stderr).toBe(
      'kit db:migrate: --rename takes old=new, such as ticket.title=ticket.subject (a field) or ticket=issue (a model); got "title"\n',
    );
  });

  it('drops the field with --allow-data-loss', async () => {
    await kit('db:migrate');
    await replaceModel(app, ticketRenamed);
    const dropped = await kit('db:migrate', '--allow-data-loss', '--name', 'replace title');
    expect(dropped.code).toBe(0);
    expect(dropped.stdout.split('\n').slice(0, 3)).toEqual([
      'Wrote migrations/0002_replace_title.sql (sqlite, 4 statements) from 1 model in 1 file of app/models/:',
      '  "ticket": drop column "title"',
      '  "ticket": add column "subject" text NOT NULL',
    ]);
  });
});
