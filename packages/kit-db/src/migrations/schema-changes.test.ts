import { afterAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { KitDbError } from '../errors/kit-db-error.js';
import { defineModel } from '../model/define-model.js';
import { id, string } from '../model/field.js';
import { belongsTo, hasMany } from '../model/relation.js';
import { stopTestProviders, testProviders, type TestProvider } from '../testing/providers.js';
import { applyMigrations } from './apply/apply-migrations.js';
import { migrationStatus } from './status/migration-status.js';
import {
  columnsOf,
  indexesOf,
  label,
  tableExists,
  project,
  ticket,
  ticketIndexed,
  ticketLabelled,
  ticketRenamed,
  ticketWithDue,
  useMigrationContext,
} from './testing/migration-suite.js';

afterAll(stopTestProviders);

describe.each(testProviders)('migrations generated from model changes on $name', (provider: TestProvider) => {
  describe.skipIf(!provider.available)(provider.unavailable ?? 'the same behaviour on every provider', () => {
    const context = useMigrationContext(provider);
    const { connect, generate } = context;

    it('creates the tables, then adds columns to a table with rows, shown by the status before and after', async () => {
      await generate([project, ticket]);
      const db = await connect([project, ticket]);
      const before = await migrationStatus({ db, dir: context.dir, models: [project, ticket] });
      expect(before).toEqual({ applied: [], pending: ['0001_create_project_ticket'], changed: [], missing: [], modelsChanged: false });

      const first = await applyMigrations({ db, dir: context.dir });
      expect(first.applied.map((migration) => migration.name)).toEqual(['0001_create_project_ticket']);
      await db.insert(project, { id: 'p1', name: 'Kit' });
      await db.insert(ticket, { id: 't1', title: 'Existing', projectId: 'p1' });

      expect((await migrationStatus({ db, dir: context.dir, models: [project, ticketWithDue] })).modelsChanged).toBe(true);
      const second = await generate([project, ticketWithDue]);
      expect(second?.name).toBe('0002_add_ticket_due_date_and_more');
      const pending = await migrationStatus({ db, dir: context.dir });
      expect(pending.pending).toEqual(['0002_add_ticket_due_date_and_more']);
      expect(pending.applied.map((migration) => migration.name)).toEqual(['0001_create_project_ticket']);
      expect(pending.applied[0]?.appliedAt).toBeInstanceOf(Date);
      expect(pending).not.toHaveProperty('modelsChanged');

      await applyMigrations({ db, dir: context.dir });
      const after = await migrationStatus({ db, dir: context.dir, models: [project, ticketWithDue] });
      expect(after.pending).toEqual([]);
      expect(after.applied.map((migration) => migration.name)).toEqual(['0001_create_project_ticket', '0002_add_ticket_due_date_and_more']);
      expect(after.modelsChanged).toBe(false);
      expect(await columnsOf(db, 'ticket')).toEqual(['id', 'title', 'projectId', 'dueDate', 'priority']);

      const current = await connect([project, ticketWithDue]);
      expect(await current.findById(ticketWithDue, 't1')).toMatchObject({ title: 'Existing', dueDate: null, priority: 0 });
      const due = new Date('2030-01-02T03:04:05.678Z');
      await current.insert(ticketWithDue, { id: 't2', title: 'New', dueDate: due, projectId: 'p1' });
      expect((await current.findById(ticketWithDue, 't2'))?.dueDate?.toISOString()).toBe(due.toISOString());
      expect((await applyMigrations({ db, dir: context.dir })).applied).toEqual([]);
    });

    it('adds indexes and unique constraints that the database then enforces', async () => {
      await generate([project, ticketWithDue]);
      const db = await connect([project, ticketIndexed]);
      await applyMigrations({ db, dir: context.dir });
      const migration = await generate([project, ticketIndexed]);
      expect(migration?.changes).toEqual(
        expect.arrayContaining([
          '"ticket": add index "ticket_priority_idx" (priority)',
          '"ticket": add unique index "ticket_code_unique" (code)',
        ]),
      );
      await applyMigrations({ db, dir: context.dir });
      expect(await indexesOf(db, 'ticket')).toEqual(
        expect.arrayContaining(['ticket_code_unique', 'ticket_priority_idx', 'ticket_projectId_priority_idx']),
      );
      await db.insert(project, { id: 'p1', name: 'Kit' });
      await db.insert(ticketIndexed, { id: 't1', title: 'A', code: 'K-1', projectId: 'p1' });
      const duplicate = await rejectionOf(db.insert(ticketIndexed, { id: 't2', title: 'B', code: 'K-1', projectId: 'p1' }), KitDbError);
      expect(duplicate.code).toBe('constraint_violation');
    });

    it('adds a relation with its join table and foreign keys, and renames a declared field keeping its values', async () => {
      await generate([project, ticket]);
      const db = await connect([project, ticket]);
      await applyMigrations({ db, dir: context.dir });
      await db.insert(project, { id: 'p1', name: 'Kit' });
      await db.insert(ticket, { id: 't1', title: 'Keep me', projectId: 'p1' });

      const relation = await generate([project, ticketLabelled, label]);
      expect(relation?.changes).toEqual(
        expect.arrayContaining(['create table "label" (model label)', 'create table "label_ticket" (join table)']),
      );
      await applyMigrations({ db, dir: context.dir });
      const labelled = await connect([project, ticketLabelled, label]);
      await labelled.insert(label, { id: 'l1', name: 'bug' });
      await labelled.link(ticketLabelled, 't1', 'labels', 'l1');
      expect(await labelled.related(ticketLabelled, 't1', 'labels')).toEqual([expect.objectContaining({ id: 'l1', name: 'bug' })]);
      // The join table's foreign keys hold even for writes that bypass the model operations.
      const q = (name: string): string => labelled.dialect.quote(name);
      const dangling = await rejectionOf(
        labelled.execute(`INSERT INTO ${q('label_ticket')} (${q('labelId')}, ${q('ticketId')}) VALUES ('no-such-label', 't1')`),
        KitDbError,
      );
      expect(dangling.code).toBe('constraint_violation');
      expect(dangling.constraint).toBe('foreign_key');

      const refused = await rejectionOf(generate([project, ticketRenamed, label]), KitDbError);
      expect(refused.code).toBe('migration_would_drop_data');
      const renamed = await generate([project, ticketRenamed, label], { renames: { 'ticket.title': 'ticket.subject' } });
      expect(renamed?.changes).toEqual(['rename column "ticket"."title" to "subject"']);
      await applyMigrations({ db, dir: context.dir });
      const current = await connect([project, ticketRenamed, label]);
      expect(await current.findById(ticketRenamed, 't1')).toMatchObject({ subject: 'Keep me', status: 'open' });
      expect(await current.related(ticketRenamed, 't1', 'labels')).toHaveLength(1);
    });

    it('refuses to drop a field that may hold data, then drops it when allowed', async () => {
      await generate([project, ticketWithDue]);
      const db = await connect([project, ticketWithDue]);
      await applyMigrations({ db, dir: context.dir });
      const error = await rejectionOf(generate([project, ticket]), KitDbError);
      expect(error.code).toBe('migration_would_drop_data');
      expect(error.message).toContain('field "ticket.dueDate" (column "dueDate" of table "ticket")');
      expect(error.message).toContain('field "ticket.priority"');
      expect((await migrationStatus({ db, dir: context.dir })).pending).toEqual([]);

      const dropped = await generate([project, ticket], { allowDataLoss: true, name: 'drop due date and priority' });
      expect(dropped?.name).toBe('0002_drop_due_date_and_priority');
      await applyMigrations({ db, dir: context.dir });
      expect(await columnsOf(db, 'ticket')).toEqual(['id', 'title', 'projectId']);
    });

    it('rebuilds or alters a column in place without losing rows of the tables pointing at it', async () => {
      await generate([project, ticket]);
      const db = await connect([project, ticket]);
      await applyMigrations({ db, dir: context.dir });
      await db.insert(project, { id: 'p1', name: 'Kit' });
      await db.insert(ticket, { id: 't1', title: 'Child', projectId: 'p1' });
      // The parent's column changes (nullability and default): SQLite rebuilds "project", which "ticket" points at with ON DELETE CASCADE.
      const projectV2 = defineModel('project', {
        id: id(),
        name: string({ maxLength: 100 }).optional().default('unnamed'),
        tickets: hasMany('ticket'),
      });
      const altered = await generate([projectV2, ticket]);
      expect(altered?.changes[0]).toMatch(/^"project": alter column "name"/);
      await applyMigrations({ db, dir: context.dir });
      const current = await connect([projectV2, ticket]);
      expect(await current.findById(ticket, 't1')).toMatchObject({ title: 'Child', projectId: 'p1' });
      await current.insert(projectV2, { id: 'p2' });
      expect(await current.findById(projectV2, 'p2')).toMatchObject({ name: 'unnamed' });
    });

    it('renames a declared model with its rows and the relation pointing at it, and drops related models together', async () => {
      await generate([project, ticket]);
      const db = await connect([project, ticket]);
      await applyMigrations({ db, dir: context.dir });
      await db.insert(project, { id: 'p1', name: 'Kit' });
      await db.insert(ticket, { id: 't1', title: 'Moved', projectId: 'p1' });
      const issue = defineModel('issue', { id: id(), title: string(), project: belongsTo('project', { onDelete: 'cascade' }) });
      const projectOfIssues = defineModel('project', { id: id(), name: string(), issues: hasMany('issue') });
      const renamed = await generate([projectOfIssues, issue], { renames: { ticket: 'issue' } });
      expect(renamed?.changes[0]).toBe('rename table "ticket" to "issue"');
      await applyMigrations({ db, dir: context.dir });
      const current = await connect([projectOfIssues, issue]);
      expect(await current.findById(issue, 't1')).toMatchObject({ title: 'Moved', projectId: 'p1' });
      expect(await current.related(projectOfIssues, 'p1', 'issues')).toHaveLength(1);
      expect(await tableExists(current, 'ticket')).toBe(false);

      const note = defineModel('note', { id: id(), body: string() });
      const dropped = await generate([note], { allowDataLoss: true });
      expect(dropped?.changes).toEqual(
        expect.arrayContaining(['drop table "issue" (model issue)', 'drop table "project" (model project)']),
      );
      await applyMigrations({ db, dir: context.dir });
      expect(await tableExists(db, 'issue')).toBe(false);
      expect(await tableExists(db, 'project')).toBe(false);
      expect(await tableExists(db, 'note')).toBe(true);
    });
  });
});
