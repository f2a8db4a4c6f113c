import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceModel, ticketModel, ticketWithDue } from '../testing/models.js';
import { createTempApp, runKitInProcess, type TempApp } from '../testing/temp-app.js';

let app: TempApp;
beforeEach(async () => {
  app = await createTempApp({ 'app/models/ticket.ts': ticketModel });
});
afterEach(() => app.remove());

const kit = (...args: string[]) => runKitInProcess(args, { cwd: app.root });
const time = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/;

describe('kit db:status', () => {
  it('shows pending migrations of a database not created yet, and --check exits 1', async () => {
    await kit('db:migrate');
    const status = await kit('db:status', '--check');
    expect(status).toEqual({
      code: 1,
      stderr: '',
      stdout: [
        'Database: sqlite data/app.db (from kit.config.ts), not created yet',
        'Migrations: migrations/',
        '',
        '  STATUS   MIGRATION           APPLIED AT',
        '  pending  0001_create_ticket  -',
        '',
        '0 applied, 1 pending. The models (1 model) match the latest migration.',
        'Run kit db:push to apply the pending migrations.',
        '',
      ].join('\n'),
    });
  });

  it('shows applied migrations with their time, models changed since, and JSON for scripts', async () => {
    await kit('db:migrate');
    await kit('db:push');
    const applied = await kit('db:status', '--check');
    expect(applied.code).toBe(0);
    expect(applied.stdout.replace(time, '<time>').split('\n')).toEqual([
      'Database: sqlite data/app.db (from kit.config.ts)',
      'Migrations: migrations/',
      '',
      '  STATUS   MIGRATION           APPLIED AT',
      '  applied  0001_create_ticket  <time>',
      '',
      '1 applied, 0 pending. The models (1 model) match the latest migration.',
      'Up to date.',
      '',
    ]);
    await replaceModel(app, ticketWithDue);
    const json = await kit('db:status', '--json', '--check');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as Record<string, unknown> & { applied: { name: string; appliedAt: string }[] };
    expect(report).toEqual({
      database: { provider: 'sqlite', url: 'data/app.db', source: 'kit.config.ts', exists: true },
      dir: 'migrations',
      applied: [{ name: '0001_create_ticket', appliedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) }],
      pending: [],
      changed: [],
      missing: [],
      modelsChanged: true,
      upToDate: false,
    });
    expect((await kit('db:status')).stdout).toContain('The models changed since the latest migration: run kit db:migrate.\n');
  });
});
