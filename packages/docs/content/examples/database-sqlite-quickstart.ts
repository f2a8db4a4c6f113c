// ---
// title: A SQLite database from models to migrations to records
// description: Opens a SQLite file with createDatabase, generates the first migration from the models and a second one that renames a field, applies them with applyMigrations, checks migrationStatus, then inserts, lists with a cursor and moves data in a transaction.
// topics: [database, defineModel]
// relatedDocs: /docs/database#migrations
// ---
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applyMigrations,
  belongsTo,
  createDatabase,
  defineModel,
  enum as enumField,
  generateMigration,
  hasMany,
  id,
  migrationStatus,
  string,
  type InferRow,
  type ListPage,
} from '@kit/kit-db';

const workDir = mkdtempSync(join(tmpdir(), 'kit-db-quickstart-'));
const migrations = join(workDir, 'migrations');

try {
  // Version 1 of the models, and the first migration (what `kit db:migrate` runs).
  const projectV1 = defineModel('project', { id: id(), name: string().unique(), tickets: hasMany('ticket') });
  const ticketV1 = defineModel('ticket', { id: id(), title: string(), project: belongsTo('project') });
  const first = await generateMigration({ models: [projectV1, ticketV1], dir: migrations, provider: 'sqlite' });
  console.log(first?.name); // 0001_create_project_ticket

  // Version 2 renames ticket.title and adds a status. A rename is never guessed: without `renames`,
  // generateMigration refuses with migration_would_drop_data instead of dropping the column.
  const project = defineModel('project', { id: id(), name: string().unique(), tickets: hasMany('ticket') });
  const ticket = defineModel('ticket', {
    id: id(),
    subject: string(),
    status: enumField(['open', 'closed']).default('open'),
    project: belongsTo('project'),
  });
  const second = await generateMigration({ models: [project, ticket], dir: migrations, provider: 'sqlite', renames: { 'ticket.title': 'ticket.subject' } });
  console.log(second?.changes); // rename column "ticket"."title" to "subject", add column "status", add check…

  // Apply them (what `kit db:push` runs); they are recorded in kit_migrations with their checksums.
  const db = await createDatabase({ provider: 'sqlite', url: join(workDir, 'app.db'), models: [project, ticket] });
  const { applied } = await applyMigrations({ db, dir: migrations });
  console.log(applied.map((migration) => migration.name));
  const status = await migrationStatus({ db, dir: migrations, models: [project, ticket] });
  console.log(status.pending.length, status.modelsChanged); // 0 false

  // Records.
  const website = await db.insert(project, { name: 'Website' });
  const backlog = await db.insert(project, { name: 'Backlog' });
  for (const subject of ['Fix the footer', 'Translate the home page', 'Compress the images']) {
    await db.insert(ticket, { subject, projectId: website.id });
  }

  // Keyset pages of 2 by subject: pass nextCursor back, with the same where and orderBy, until it is null.
  let cursor: string | null = null;
  do {
    const page: ListPage<InferRow<typeof ticket>> = await db.list(ticket, {
      where: { projectId: website.id, status: 'open' },
      orderBy: { field: 'subject' },
      limit: 2,
      ...(cursor === null ? {} : { cursor }),
    });
    console.log(page.items.map((row) => row.subject));
    cursor = page.nextCursor;
  } while (cursor !== null);

  // Move the open tickets to the backlog and close the project's last one, all or nothing.
  await db.transaction(async (tx) => {
    const { items } = await tx.list(ticket, { where: { projectId: website.id, status: 'open' } });
    for (const row of items.slice(1)) await tx.update(ticket, row.id, { projectId: backlog.id });
    await tx.update(ticket, items[0]!.id, { status: 'closed' });
  });
  console.log(await db.count(ticket, { projectId: backlog.id }), await db.count(ticket, { status: 'closed' })); // 2 1

  await db.close();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
