import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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
const snapshots = () => readdirSync(join(app.root, 'migrations', 'meta'));

/** The ticket model with a field every row must have, without a default. */
const withPriority = `import { defineModel, id, string } from '@kit/kit-db';

export const ticket = defineModel('ticket', { id: id(), title: string(), priority: string() });
`;

/** The same field with a default, as the warning advises. */
const withPriorityDefault = `import { defineModel, id, string } from '@kit/kit-db';

export const ticket = defineModel('ticket', { id: id(), title: string(), priority: string().default('normal') });
`;

function insertTicket(): void {
  const db = new Database(join(app.root, 'data', 'app.db'));
  try {
    db.prepare('INSERT INTO "ticket" ("id", "title") VALUES (?, ?)').run('t1', 'Printer on fire');
  } finally {
    db.close();
  }
}

describe('kit db:migrate after a migration that does not apply', () => {
  it('warns that the migration fails on existing rows, refuses to stack a new one, and replaces it with --replace-pending', async () => {
    await kit('db:migrate');
    expect((await kit('db:push')).code).toBe(0);
    insertTicket();

    await replaceModel(app, withPriority);
    const risky = await kit('db:migrate', '--name', 'priority');
    expect(risky.code).toBe(0);
    expect(risky.stderr).toBe(
      'Warning: "priority" is NOT NULL without a default: this fails when "ticket" has rows with no value for it; give the field a .default() or make it .optional() if so.\n',
    );
    expect((await kit('db:push')).code).toBe(1);

    await replaceModel(app, withPriorityDefault);
    const refused = await kit('db:migrate', '--name', 'priority with default');
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'kit db:migrate: migrations/0002_priority.sql is not applied to sqlite data/app.db yet, and a new migration would be written on top of it (kit db:push stops at the first that fails). ' +
        'Apply it first with kit db:push. If that fails, or to change it, run kit db:migrate --replace-pending: it deletes that file and its snapshot and writes one migration anew from the models. Nothing was written.\n',
    });
    expect(migrations()).toEqual(['0001_create_ticket.sql', '0002_priority.sql']);

    const replaced = await kit('db:migrate', '--replace-pending', '--name', 'priority with default');
    expect(replaced.code).toBe(0);
    expect(replaced.stderr).toBe('');
    expect(replaced.stdout.split('\n').slice(0, 4)).toEqual([
      'Removed migrations/0002_priority.sql (not applied to sqlite data/app.db)',
      'Removed migrations/meta/0002_snapshot.json (not applied to sqlite data/app.db)',
      'Wrote migrations/0002_priority_with_default.sql (sqlite, 1 statement) from 1 model in 1 file of app/models/:',
      '  "ticket": add column "priority" text NOT NULL',
    ]);
    expect(migrations()).toEqual(['0001_create_ticket.sql', '0002_priority_with_default.sql']);
    expect(snapshots()).toEqual(['0001_snapshot.json', '0002_snapshot.json']);
    expect(readFileSync(join(app.root, 'migrations', '0002_priority_with_default.sql'), 'utf8')).toContain("DEFAULT 'normal'");
    const pushed = await kit('db:push');
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toContain('0002_priority_with_default');
  });

  it('writes migrations one after another while the database has applied none of them', async () => {
    await kit('db:migrate');
    await replaceModel(app, withPriorityDefault);
    const second = await kit('db:migrate');
    expect(second.code).toBe(0);
    expect(migrations()).toHaveLength(2);
  });

  it('leaves the pending migration in place when the replacement cannot be written', async () => {
    await kit('db:migrate');
    await kit('db:push');
    await replaceModel(app, withPriority);
    await kit('db:migrate', '--name', 'priority');
    await replaceModel(app, ticketRenamed);
    const refused = await kit('db:migrate', '--replace-pending');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('drop field "ticket.title"');
    expect(migrations()).toEqual(['0001_create_ticket.sql', '0002_priority.sql']);
  });
});
