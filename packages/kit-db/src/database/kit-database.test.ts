import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { createTables, defineModel, id, KitDbError, string, type KitDatabase } from '../index.js';
import { helpdeskModels, label, person, project, projectSettings, ticket } from '../testing/helpdesk-models.js';
import { startTestProviders, stopTestProviders, testProviders } from '../testing/providers.js';

beforeAll(() => startTestProviders());
afterAll(() => stopTestProviders());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let run = 0;
/** A value no other test uses, so tests share one database per provider without seeing each other's rows. */
const unique = (prefix: string): string => `${prefix}-${++run}`;

describe.each(testProviders)('$name', (provider) => {
  describe.skipIf(!provider.available)(
    `the behavioural suite on ${provider.name}${provider.unavailable ? ` (skipped: ${provider.unavailable})` : ''}`,
    () => {
      let db: KitDatabase;
      beforeAll(async () => {
        db = await provider.open(helpdeskModels);
        await createTables(db);
      });

      const newProject = async (): Promise<string> => (await db.insert(project, { name: unique('project') })).id;

      it('round-trips every field type', async () => {
        const projectId = await newProject();
        const openedAt = new Date('2024-02-29T23:59:58.123Z');
        const values = {
          title: 'Printer on fire',
          body: 'It is on fire.\nReally. ünïcödé ✓ 🔥',
          status: 'pending' as const,
          priority: -2147483648,
          hours: 1.25,
          archived: true,
          dueOn: '2024-02-29',
          openedAt,
          headers: { from: 'a@example.com', 'x-quote': `it's "quoted"` },
          embedding: [0.5, -1.25, 3],
          bytes: 2 ** 40 + 1,
          batch: unique('batch'),
          projectId,
        };
        const stored = await db.insert(ticket, values);
        const read = await db.get(ticket, stored.id);
        for (const row of [stored, read]) {
          expect(row).toEqual({ ...values, id: stored.id, assigneeId: null });
          expect(row.openedAt).toBeInstanceOf(Date);
        }
      });

      it('fills the id, the defaults and the optional fields', async () => {
        const before = Date.now();
        const stored = await db.insert(ticket, { title: 'Defaults', batch: unique('batch'), projectId: await newProject() });
        expect(stored.id).toMatch(uuid);
        expect(stored).toMatchObject({
          status: 'open',
          priority: 3,
          archived: false,
          body: null,
          hours: null,
          dueOn: null,
          headers: null,
          embedding: null,
          bytes: null,
          assigneeId: null,
        });
        expect(stored.openedAt.getTime()).toBeGreaterThanOrEqual(before - 1);
        expect(stored.openedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1);
        const given = await db.insert(ticket, {
          id: unique('custom-id'),
          title: 'Given id',
          batch: unique('batch'),
          projectId: stored.projectId,
        });
        expect(given.id).toMatch(/^custom-id-/);
      });

      it('numbers auto-increment ids and sets optional references to null when their target is deleted', async () => {
        const first = await db.insert(person, { name: 'Ada' });
        const second = await db.insert(person, { name: 'Grace' });
        expect(typeof first.id).toBe('number');
        expect(second.id).toBeGreaterThan(first.id);
        const assigned = await db.insert(ticket, {
          title: 'Assigned',
          batch: unique('batch'),
          projectId: await newProject(),
          assigneeId: second.id,
        });
        expect(assigned.assigneeId).toBe(second.id);
        expect(await db.related(person, second.id, 'tickets')).toHaveLength(1);
        await db.delete(person, second.id);
        expect((await db.get(ticket, assigned.id)).assigneeId).toBeNull();
      });

      it('finds, updates and deletes by id, with not_found naming the model and the id', async () => {
        const stored = await db.insert(ticket, { title: 'Update me', batch: unique('batch'), projectId: await newProject() });
        expect(await db.findById(ticket, 'no-such-id')).toBeNull();
        const missing = await rejectionOf(db.get(ticket, 'no-such-id'), KitDbError);
        expect(missing).toMatchObject({ code: 'not_found', model: 'ticket' });
        expect(missing.message).toBe('No ticket with id "no-such-id".');

        const updated = await db.update(ticket, stored.id, { status: 'closed', hours: 2.5, body: null });
        expect(updated).toMatchObject({ id: stored.id, status: 'closed', hours: 2.5, body: null, title: 'Update me' });
        expect(await db.update(ticket, stored.id, {})).toEqual(updated);
        expect((await rejectionOf(db.update(ticket, 'no-such-id', { status: 'open' }), KitDbError)).code).toBe('not_found');
        const idChange = await rejectionOf(db.update(ticket, stored.id, { id: 'other' } as never), KitDbError);
        expect(idChange).toMatchObject({ code: 'invalid_input', field: 'id' });

        await db.delete(ticket, stored.id);
        expect(await db.findById(ticket, stored.id)).toBeNull();
        expect((await rejectionOf(db.delete(ticket, stored.id), KitDbError)).code).toBe('not_found');
      });

      it('lists with filters, sorting, offsets and counts', async () => {
        const batch = unique('batch');
        const projectId = await newProject();
        for (const [title, priority, hours] of [
          ['a', 1, 0.5],
          ['b', 2, null],
          ['c', 2, 3],
          ['d', 4, null],
          ['e', 5, 1],
        ] as const) {
          await db.insert(ticket, { title, priority, hours, batch, projectId });
        }
        const titles = async (options: Parameters<typeof db.list<typeof ticket>>[1]): Promise<string[]> =>
          (await db.list(ticket, options)).items.map((row) => row.title);
        expect(await titles({ where: { batch }, orderBy: { field: 'title' } })).toEqual(['a', 'b', 'c', 'd', 'e']);
        expect(await titles({ where: { batch, priority: 2 }, orderBy: { field: 'title', direction: 'desc' } })).toEqual(['c', 'b']);
        expect(
          await titles({
            where: { batch, priority: { gte: 2, lt: 5 } },
            orderBy: [{ field: 'priority', direction: 'desc' }, { field: 'title' }],
          }),
        ).toEqual(['d', 'b', 'c']);
        expect(await titles({ where: { batch, title: { in: ['a', 'e', 'zz'] } }, orderBy: { field: 'title' } })).toEqual(['a', 'e']);
        expect(await titles({ where: { batch, title: { in: [] } } })).toEqual([]);
        expect(await titles({ where: { batch, hours: null }, orderBy: { field: 'title' } })).toEqual(['b', 'd']);
        expect(await titles({ where: { batch, hours: { isNull: false }, title: { ne: 'a' } }, orderBy: { field: 'title' } })).toEqual([
          'c',
          'e',
        ]);
        expect(await titles({ where: { batch: { like: batch }, title: { notIn: ['a', 'b', 'c'] } }, orderBy: { field: 'title' } })).toEqual(
          ['d', 'e'],
        );
        expect(await titles({ where: { batch, title: { like: '_' } } })).toHaveLength(5);
        // NULL is the lowest value on every provider: first ascending, last descending.
        expect(await titles({ where: { batch }, orderBy: [{ field: 'hours' }, { field: 'title' }] })).toEqual(['b', 'd', 'a', 'e', 'c']);
        expect(await titles({ where: { batch }, orderBy: [{ field: 'hours', direction: 'desc' }, { field: 'title' }] })).toEqual([
          'c',
          'e',
          'a',
          'b',
          'd',
        ]);
        const page = await db.list(ticket, { where: { batch }, orderBy: { field: 'title' }, limit: 2, offset: 2 });
        expect(page.items.map((row) => row.title)).toEqual(['c', 'd']);
        expect(page.nextCursor).not.toBeNull();
        expect((await db.list(ticket, { where: { batch }, limit: 5 })).nextCursor).toBeNull();
        expect(await db.count(ticket, { batch })).toBe(5);
        expect(await db.count(ticket, { batch, priority: { gt: 1 } })).toBe(4);
      });

      it('pages with cursors through every row exactly once, NULLs included', async () => {
        const batch = unique('batch');
        const projectId = await newProject();
        for (let i = 0; i < 11; i++)
          await db.insert(ticket, {
            title: `t${String(i).padStart(2, '0')}`,
            priority: i % 3,
            hours: i % 4 === 0 ? null : i % 5,
            batch,
            projectId,
          });
        for (const orderBy of [
          [{ field: 'priority', direction: 'desc' }, { field: 'title' }],
          [{ field: 'hours' }],
          [{ field: 'hours', direction: 'desc' }],
          [{ field: 'openedAt', direction: 'desc' }],
        ] as const) {
          const all = (await db.list(ticket, { where: { batch }, orderBy, limit: 100 })).items.map((row) => row.id);
          const paged: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await db.list(ticket, { where: { batch }, orderBy, limit: 3, ...(cursor === undefined ? {} : { cursor }) });
            paged.push(...page.items.map((row) => row.id));
            cursor = page.nextCursor ?? undefined;
          } while (cursor !== undefined);
          expect(paged).toEqual(all);
          expect(new Set(paged).size).toBe(11);
        }
        const first = await db.list(ticket, { where: { batch }, orderBy: { field: 'priority' }, limit: 3 });
        const otherSort = await rejectionOf(
          db.list(ticket, { where: { batch }, orderBy: { field: 'title' }, cursor: first.nextCursor! }),
          KitDbError,
        );
        expect(otherSort).toMatchObject({ code: 'invalid_input', field: 'cursor' });
        expect((await rejectionOf(db.list(ticket, { cursor: 'garbage!' }), KitDbError)).code).toBe('invalid_input');
        expect((await rejectionOf(db.list(ticket, { cursor: first.nextCursor!, offset: 3 }), KitDbError)).field).toBe('cursor');
        expect((await rejectionOf(db.list(ticket, { limit: 0 }), KitDbError)).field).toBe('limit');
        expect((await rejectionOf(db.list(ticket, { limit: 1001 }), KitDbError)).field).toBe('limit');
        expect((await rejectionOf(db.list(ticket, { where: { nope: 1 } as never }), KitDbError)).field).toBe('nope');
        expect((await rejectionOf(db.list(ticket, { where: { headers: {} } as never }), KitDbError)).code).toBe('invalid_input');
        expect((await rejectionOf(db.list(ticket, { orderBy: { field: 'nope' } as never }), KitDbError)).field).toBe('orderBy');
      });

      it('refuses values that do not fit the model before they reach the database', async () => {
        const projectId = await newProject();
        const base = { title: 'Checked', batch: unique('batch'), projectId };
        const cases: [Record<string, unknown>, string, string][] = [
          [{ ...base, nope: 1 }, 'invalid_input', 'nope'],
          [{ ...base, project: projectId }, 'invalid_input', 'project'],
          [{ ...base, priority: 1.5 }, 'invalid_input', 'priority'],
          [{ ...base, priority: 2 ** 31 }, 'invalid_input', 'priority'],
          [{ ...base, status: 'lost' }, 'invalid_input', 'status'],
          [{ ...base, title: 'x'.repeat(81) }, 'invalid_input', 'title'],
          [{ ...base, dueOn: '2023-02-29' }, 'invalid_input', 'dueOn'],
          [{ ...base, openedAt: new Date('nope') }, 'invalid_input', 'openedAt'],
          [{ ...base, archived: 'yes' }, 'invalid_input', 'archived'],
          [{ ...base, embedding: [1, 2] }, 'vector_dimension_mismatch', 'embedding'],
          [{ ...base, embedding: [1, Number.NaN, 2] }, 'invalid_input', 'embedding'],
          [{ batch: base.batch, projectId }, 'constraint_violation', 'title'],
          [{ ...base, title: null }, 'constraint_violation', 'title'],
        ];
        for (const [values, code, field] of cases) {
          const error = await rejectionOf(db.insert(ticket, values as never), KitDbError);
          expect({ code: error.code, field: error.field }, JSON.stringify(values)).toEqual({ code, field });
          expect(error.model).toBe('ticket');
          expect(error.message).toContain(field);
        }
        const enumError = await rejectionOf(db.insert(ticket, { ...base, status: 'lost' } as never), KitDbError);
        expect(enumError.message).toBe('insert of ticket: status must be one of "open", "pending", "closed", got "lost".');
        expect(enumError.toKitError()).toMatchObject({ code: 'invalid_input', status: 400, issues: [{ field: 'status' }] });
        expect(await db.count(ticket, { batch: base.batch })).toBe(0);
      });

      it('reports unique, foreign-key, not-null and check constraints naming model and field', async () => {
        const name = unique('taken');
        const owner = await db.insert(project, { name });
        const duplicate = await rejectionOf(db.insert(project, { name }), KitDbError);
        expect(duplicate).toMatchObject({
          code: 'constraint_violation',
          constraint: 'unique',
          model: 'project',
          field: 'name',
          provider: provider.name,
        });
        expect(duplicate.message).toBe(`project.name must be unique: another project already has the value "${name}"; choose another.`);
        expect(duplicate.toKitError()).toMatchObject({
          code: 'conflict',
          status: 409,
          issues: [{ field: 'name', message: 'must be unique' }],
        });

        const batch = unique('batch');
        await db.insert(ticket, { title: 'Same', batch, projectId: owner.id });
        const together = await rejectionOf(db.insert(ticket, { title: 'Same', batch, projectId: owner.id }), KitDbError);
        expect(together).toMatchObject({ code: 'constraint_violation', constraint: 'unique', model: 'ticket', field: 'projectId' });
        expect(together.message).toBe(
          'ticket (projectId, title) must be unique together: another ticket already has these values; change one of them.',
        );

        const dangling = await rejectionOf(db.insert(ticket, { title: 'Dangling', batch, projectId: 'no-such-project' }), KitDbError);
        expect(dangling).toMatchObject({ code: 'constraint_violation', constraint: 'foreign_key', model: 'ticket', field: 'projectId' });
        expect(dangling.message).toBe(
          'ticket.projectId points at a project that does not exist ("no-such-project"); create the project first or fix projectId.',
        );

        const stillUsed = await rejectionOf(db.delete(project, owner.id), KitDbError);
        expect(stillUsed).toMatchObject({ code: 'constraint_violation', constraint: 'foreign_key', model: 'project', field: 'projectId' });
        expect(stillUsed.message).toBe(
          `Cannot delete project "${owner.id}": ticket records still point at it through ticket.projectId; delete or move them first, or declare project: belongsTo('project', { onDelete: 'cascade' }) on ticket.`,
        );

        // Raw statements bypass the model's checks; the database's constraints still answer, and are named.
        const q = (name: string): string => db.dialect.quote(name);
        const p = (n: number): string => (provider.name === 'postgres' ? `$${n}` : '?');
        const insert = `INSERT INTO ${q('ticket')} (${['id', 'title', 'status', 'priority', 'archived', 'openedAt', 'batch', 'projectId'].map(q).join(', ')}) VALUES (${[1, 2, 3, 4, 5, 6, 7, 8].map(p).join(', ')})`;
        const row = (title: unknown, status: unknown): unknown[] => [
          unique('raw'),
          title,
          status,
          1,
          false,
          provider.name === 'sqlite' ? Date.now() : provider.name === 'libsql' ? Date.now() : '2024-01-01 00:00:00',
          batch,
          owner.id,
        ];
        const check = await rejectionOf(db.execute(insert, row('Raw', 'lost')), KitDbError);
        expect(check).toMatchObject({ code: 'constraint_violation', constraint: 'check', model: 'ticket', field: 'status' });
        expect(check.message).toBe('ticket.status must be one of "open", "pending", "closed".');
        const notNull = await rejectionOf(db.execute(insert, row(null, 'open')), KitDbError);
        expect(notNull).toMatchObject({ code: 'constraint_violation', constraint: 'not_null', model: 'ticket', field: 'title' });
        expect(notNull.message).toBe('ticket.title is required and cannot be null; give it a value.');
      });

      it('follows every kind of relation, links many-to-many and cascades deletes', async () => {
        const projectId = await newProject();
        const settings = await db.insert(projectSettings, { projectId });
        expect(settings.theme).toBe('light');
        const one = await db.insert(ticket, { title: 'One', batch: unique('batch'), projectId });
        const two = await db.insert(ticket, { title: 'Two', batch: unique('batch'), projectId });
        const bug = await db.insert(label, { name: 'bug' });
        const urgent = await db.insert(label, { name: 'urgent' });

        expect((await db.related(ticket, one.id, 'project')).map((row) => row.id)).toEqual([projectId]);
        expect((await db.related(project, projectId, 'tickets')).map((row) => row.title).sort()).toEqual(['One', 'Two']);
        expect((await db.related(project, projectId, 'settings')).map((row) => row.id)).toEqual([settings.id]);

        await db.link(ticket, one.id, 'labels', bug.id);
        await db.link(ticket, one.id, 'labels', bug.id);
        await db.link(ticket, one.id, 'labels', urgent.id);
        await db.link(label, bug.id, 'tickets', two.id);
        expect((await db.related(ticket, one.id, 'labels')).map((row) => row.name).sort()).toEqual(['bug', 'urgent']);
        expect((await db.related(label, bug.id, 'tickets')).map((row) => row.title).sort()).toEqual(['One', 'Two']);
        await db.unlink(ticket, one.id, 'labels', urgent.id);
        expect((await db.related(ticket, one.id, 'labels')).map((row) => row.name)).toEqual(['bug']);
        expect((await rejectionOf(db.link(ticket, one.id, 'labels', 'no-such-label'), KitDbError)).toString()).toContain(
          'No label with id "no-such-label"',
        );
        expect((await rejectionOf(db.link(ticket, one.id, 'project', projectId), KitDbError)).code).toBe('invalid_input');
        expect((await rejectionOf(db.related(ticket, one.id, 'nope' as never), KitDbError)).code).toBe('invalid_input');
        expect((await rejectionOf(db.related(ticket, 'no-such-ticket', 'labels'), KitDbError)).code).toBe('not_found');

        // Deleting a ticket removes its links; deleting a project cascades to its settings.
        await db.delete(ticket, one.id);
        expect((await db.related(label, bug.id, 'tickets')).map((row) => row.title)).toEqual(['Two']);
        await db.delete(ticket, two.id);
        await db.delete(project, projectId);
        expect(await db.findById(projectSettings, settings.id)).toBeNull();
      });

      it('commits transactions, rolls them back on errors, and nests savepoints', async () => {
        const projectId = await newProject();
        const batch = unique('batch');
        const committed = await db.transaction(async (tx) => {
          expect(tx.inTransaction).toBe(true);
          const row = await tx.insert(ticket, { title: 'Committed', batch, projectId });
          expect(await tx.count(ticket, { batch })).toBe(1);
          return row.id;
        });
        expect(await db.findById(ticket, committed)).not.toBeNull();

        const boom = new Error('boom');
        const thrown = await rejectionOf(
          db.transaction(async (tx) => {
            await tx.insert(ticket, { title: 'Rolled back', batch, projectId });
            throw boom;
          }),
          Error,
        );
        expect(thrown).toBe(boom);
        expect((await db.list(ticket, { where: { batch } })).items.map((row) => row.title)).toEqual(['Committed']);

        await db.transaction(async (tx) => {
          await tx.insert(ticket, { title: 'Outer', batch, projectId });
          await rejectionOf(
            tx.transaction(async (inner) => {
              await inner.insert(ticket, { title: 'Inner', batch, projectId });
              throw new Error('inner');
            }),
            Error,
          );
          await tx.transaction(async (inner) => inner.insert(ticket, { title: 'Inner kept', batch, projectId }));
        });
        expect((await db.list(ticket, { where: { batch }, orderBy: { field: 'title' } })).items.map((row) => row.title)).toEqual([
          'Committed',
          'Inner kept',
          'Outer',
        ]);

        // A constraint error inside a transaction is named like anywhere else, and rolls it back.
        const failed = await rejectionOf(
          db.transaction(async (tx) => {
            await tx.insert(ticket, { title: 'Before the failure', batch, projectId });
            await tx.insert(ticket, { title: 'Dangling', batch, projectId: 'no-such-project' });
          }),
          KitDbError,
        );
        expect(failed).toMatchObject({ code: 'constraint_violation', constraint: 'foreign_key', model: 'ticket' });
        expect(await db.count(ticket, { batch })).toBe(3);
      });

      it('keeps statements of the root out of a transaction that is still running', async () => {
        const projectId = await newProject();
        const batch = unique('batch');
        let release!: () => void;
        const opened = new Promise<void>((resolve) => (release = resolve));
        const transaction = db.transaction(async (tx) => {
          await tx.insert(ticket, { title: 'In transaction', batch, projectId });
          release();
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error('roll back');
        });
        await opened;
        const outside = db.insert(ticket, { title: 'Outside', batch, projectId });
        await rejectionOf(transaction, Error);
        await outside;
        expect((await db.list(ticket, { where: { batch } })).items.map((row) => row.title)).toEqual(['Outside']);
      });

      it('runs raw SQL with parameters, drizzle templates, and the drizzle tables', async () => {
        const name = unique('raw-project');
        await db.insert(project, { name });
        const placeholder = provider.name === 'postgres' ? '$1' : '?';
        const { rows } = await db.execute(
          `SELECT ${db.dialect.quote('name')} FROM ${db.dialect.quote('project')} WHERE ${db.dialect.quote('name')} = ${placeholder} AND 'a?$1' <> ''`,
          [name],
        );
        expect(rows).toEqual([{ name }]);
        expect(
          (
            await db.execute(
              sql`SELECT ${db.table(project)} .${sql.identifier('name')} FROM ${db.table('project')} WHERE ${sql.identifier('name')} = ${name}`,
            )
          ).rows,
        ).toHaveLength(1);
        const failed = await rejectionOf(db.execute(`SELECT * FROM ${db.dialect.quote('no_such_table')}`), KitDbError);
        expect(failed).toMatchObject({ code: 'schema_out_of_date', provider: provider.name });
        expect(failed.message).toContain('no_such_table');
        const refused = await rejectionOf(db.execute(`SELECT * FROM ${db.dialect.quote('project')} WHERE`), KitDbError);
        expect(refused).toMatchObject({ code: 'query_failed', provider: provider.name });
        expect((await rejectionOf(db.execute(`SELECT 1`, [1]), KitDbError)).code).toBe('invalid_input');
        // Constant defaults are in the SQL too, so raw inserts get them.
        const settingsId = unique('settings');
        await db.execute(
          `INSERT INTO ${db.dialect.quote('project_settings')} (${db.dialect.quote('id')}, ${db.dialect.quote('projectId')}) VALUES (${placeholder}, ${provider.name === 'postgres' ? '$2' : '?'})`,
          [settingsId, await newProject()],
        );
        expect(await db.get(projectSettings, settingsId)).toMatchObject({ theme: 'light', flags: ['beta'], since: '2024-01-31' });
        expect(db.tables.label).toBe(db.table(label));
        expect(db.table('label_ticket')).toBe(db.tables.label_ticket);
        expect(
          (
            await rejectionOf(
              Promise.resolve().then(() => db.table('nope')),
              KitDbError,
            )
          ).code,
        ).toBe('unknown_model');
      });
    },
  );
});

describe.each(testProviders.filter((p) => p.name === 'postgres' || p.name === 'mysql'))('$name server', (provider) => {
  describe.skipIf(!provider.available)(`connection errors on ${provider.name}`, () => {
    it('names a database that does not exist', async () => {
      const url = (await provider.freshUrl()).replace(/\/[^/]+$/, '/kit_no_such_database');
      const error = await rejectionOf(provider.open([], { url }), KitDbError);
      expect(error).toMatchObject({ code: 'connection_failed', provider: provider.name });
      expect(error.message).toContain('kit_no_such_database');
      expect(error.message).toMatch(/does not exist/);
      expect(error.message).toMatch(/create the database/);
    });

    it('closes: later operations fail with database_closed', async () => {
      const visitor = defineModel('visitor', { id: id(), name: string() });
      const db = await provider.open([visitor]);
      await createTables(db);
      await db.close();
      await db.close();
      const closed = await rejectionOf(db.insert(visitor, { name: 'late' }), KitDbError);
      expect(closed.code).toBe('database_closed');
      expect(closed.message).toMatch(
        /^The (postgres|mysql) database at 127\.0\.0\.1:\d+\/kit_test_\w+ is closed; create a new one with createDatabase\(\)\.$/,
      );
      expect(
        (
          await rejectionOf(
            db.transaction(async () => undefined),
            KitDbError,
          )
        ).code,
      ).toBe('database_closed');
    });
  });
});

describe('PostgreSQL vectors', () => {
  const postgres = testProviders.find((p) => p.name === 'postgres')!;
  it.skipIf(!postgres.available)('are real[] without pgvector, and pgvector asked for but missing is a clear error', async () => {
    const db = await postgres.open(helpdeskModels);
    const { rows } = await db.execute("SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'");
    if (rows[0]!.n === 0) {
      expect(db.dialect.vectorStorage).toBe('array');
      const error = await rejectionOf(postgres.open(helpdeskModels, { vector: 'pgvector' }), KitDbError);
      expect(error.code).toBe('invalid_config');
      expect(error.message).toContain('pgvector extension is not installed');
    } else {
      expect(db.dialect.vectorStorage).toBe('pgvector');
    }
  });
});
