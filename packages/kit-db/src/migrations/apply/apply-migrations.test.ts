import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../../test-support/rejection.js';
import { KitDbError } from '../../errors/kit-db-error.js';
import { stopTestProviders, testProviders, type TestProvider } from '../../testing/providers.js';
import { migrationStatus } from '../status/migration-status.js';
import { project, tableExists, ticket, ticketWithDue, useMigrationContext } from '../testing/migration-suite.js';
import { applyMigrations } from './apply-migrations.js';

afterAll(stopTestProviders);

describe.each(testProviders)('applying migrations on $name', (provider: TestProvider) => {
  describe.skipIf(!provider.available)(provider.unavailable ?? 'the same behaviour on every provider', () => {
    const context = useMigrationContext(provider);
    const { connect, generate } = context;

    it('rolls a failing migration back and names the statement (MySQL keeps the statements before it)', async () => {
      await generate([project, ticket]);
      const db = await connect([project, ticket]);
      await applyMigrations({ db, dir: context.dir });
      writeFileSync(
        join(context.dir, '0002_broken.sql'),
        'CREATE TABLE half_done (id integer PRIMARY KEY);\nINSERT INTO missing_table VALUES (1);\n',
      );
      const error = await rejectionOf(applyMigrations({ db, dir: context.dir }), KitDbError);
      expect(error.code).toBe('migration_failed');
      expect(error.message).toContain('migration 0002_broken failed at statement 2 of 2 (INSERT INTO missing_table VALUES (1))');
      expect(await migrationStatus({ db, dir: context.dir })).toMatchObject({ pending: ['0002_broken'] });
      if (provider.name === 'mysql') {
        expect(error.message).toContain('statement 1 of 0002_broken stays applied (CREATE TABLE half_done (id integer PRIMARY KEY))');
        expect(await tableExists(db, 'half_done')).toBe(true);
      } else {
        expect(error.message).toContain('It was rolled back: nothing of 0002_broken is applied');
        expect(await tableExists(db, 'half_done')).toBe(false);
      }
    });

    it('refuses a migration that leaves rows pointing at nothing, leaving the rows as they were', async () => {
      await generate([project, ticket]);
      const db = await connect([project, ticket]);
      await applyMigrations({ db, dir: context.dir });
      await db.insert(project, { id: 'p1', name: 'Kit' });
      await db.insert(ticket, { id: 't1', title: 'Child', projectId: 'p1' });
      writeFileSync(
        join(context.dir, '0002_orphan.sql'),
        "UPDATE ticket SET projectId = 'nowhere';\n".replace('projectId', db.dialect.quote('projectId')),
      );
      const error = await rejectionOf(applyMigrations({ db, dir: context.dir }), KitDbError);
      expect(error.code).toBe('migration_failed');
      expect(await db.findById(ticket, 't1')).toMatchObject({ projectId: 'p1' });
    });

    it('refuses to run when an applied migration was edited, and status names it', async () => {
      const first = await generate([project, ticket]);
      const db = await connect([project, ticket]);
      await applyMigrations({ db, dir: context.dir });
      await generate([project, ticketWithDue]);
      writeFileSync(first!.path, `${readFileSync(first!.path, 'utf8')}\n-- an edit after the fact\n`);
      const error = await rejectionOf(applyMigrations({ db, dir: context.dir }), KitDbError);
      expect(error.code).toBe('migration_checksum_mismatch');
      expect(error.message).toContain('0001_create_project_ticket.sql was changed after being applied');
      const status = await migrationStatus({ db, dir: context.dir });
      expect(status.changed).toEqual(['0001_create_project_ticket']);
      expect(status.pending).toEqual(['0002_add_ticket_due_date_and_more']);
      // Line endings alone do not count as an edit.
      writeFileSync(first!.path, first!.sql.replaceAll('\n', '\r\n'));
      expect((await applyMigrations({ db, dir: context.dir })).applied.map((migration) => migration.name)).toEqual([
        '0002_add_ticket_due_date_and_more',
      ]);
    });

    it('waits for a transaction the app holds open on the same database', async () => {
      await generate([project, ticket]);
      const db = await connect([project, ticket]);
      await applyMigrations({ db, dir: context.dir });
      writeFileSync(join(context.dir, '0002_seed.sql'), `INSERT INTO project (id, name) VALUES ('seeded', 'After');\n`);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.insert(project, { id: 'inside', name: 'Open' });
        await held;
      });
      const applying = applyMigrations({ db, dir: context.dir });
      setTimeout(release, 100);
      await transaction;
      expect((await applying).applied.map((migration) => migration.name)).toEqual(['0002_seed']);
      expect(await db.count(project)).toBe(2);
    });

    it('applies each migration once when two appliers run at the same time', async () => {
      await generate([project, ticket]);
      await generate([project, ticketWithDue]);
      writeFileSync(join(context.dir, '0003_seed.sql'), `INSERT INTO project (id, name) VALUES ('seeded', 'Once');\n`);
      const [a, b] = await Promise.all([connect([project, ticketWithDue]), connect([project, ticketWithDue])]);
      const [resultA, resultB] = await Promise.all([
        applyMigrations({ db: a, dir: context.dir }),
        applyMigrations({ db: b, dir: context.dir }),
      ]);
      const appliedNames = [...resultA.applied, ...resultB.applied].map((migration) => migration.name).sort();
      expect(appliedNames).toEqual(['0001_create_project_ticket', '0002_add_ticket_due_date_and_more', '0003_seed']);
      expect(await a.count(project)).toBe(1);
      const status = await migrationStatus({ db: b, dir: context.dir });
      expect(status.applied.map((migration) => migration.name)).toEqual([
        '0001_create_project_ticket',
        '0002_add_ticket_due_date_and_more',
        '0003_seed',
      ]);
    });
  });
});
