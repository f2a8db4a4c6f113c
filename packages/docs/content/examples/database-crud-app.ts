// ---
// title: A CRUD API generated from two models
// description: Serves the routes generateCrudRoutes makes for a project and a ticket model on a SQLite database with createKitApp, and calls them with app.fetch - create, a 409 on a duplicate, filters and cursor pages, a partial update, a refused delete and a 404.
// topics: [database, defineModel, defineAPI]
// relatedDocs: /docs/database#generatecrudroutes
// ---
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKitApp } from '@kit/kit-core';
import { belongsTo, createDatabase, createTables, datetime, defineModel, enum as enumField, generateCrudRoutes, hasMany, id, string } from '@kit/kit-db';

const project = defineModel('project', { id: id(), name: string({ maxLength: 80 }).unique(), tickets: hasMany('ticket') });
const ticket = defineModel('ticket', {
  id: id(),
  title: string({ maxLength: 120 }),
  status: enumField(['open', 'closed']).default('open'),
  openedAt: datetime().default(() => new Date()),
  project: belongsTo('project'),
});

const workDir = mkdtempSync(join(tmpdir(), 'kit-crud-'));
// The first database created is the process default, which the generated routes use.
const db = await createDatabase({ provider: 'sqlite', url: join(workDir, 'app.db'), models: [project, ticket] });
await createTables(db);

// GET/POST /api/projects, GET/PATCH/DELETE /api/projects/:id, and the same under /api/tickets.
const app = createKitApp({ routes: { ...generateCrudRoutes(project), ...generateCrudRoutes(ticket) } });

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const init = body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await app.fetch(new Request(`http://localhost${path}`, init));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

try {
  const website = await call('POST', '/api/projects', { name: 'Website' });
  console.log(website.status, website.body); // 200 { id: '…', name: 'Website' }
  const projectId = website.body.id as string;

  // The name is unique: a second one is a 409 conflict naming the field.
  const duplicate = await call('POST', '/api/projects', { name: 'Website' });
  console.log(duplicate.status, duplicate.body.detail);

  for (const title of ['Fix the footer', 'Compress the images', 'Translate the home page']) {
    await call('POST', '/api/tickets', { title, projectId });
  }

  // Equality filters, order and keyset pages: 2 per page, by title, until there is no nextCursor.
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ projectId, status: 'open', orderBy: 'title', limit: '2', ...(cursor === undefined ? {} : { cursor }) });
    const page = await call('GET', `/api/tickets?${query}`);
    const items = page.body.items as { id: string; title: string; openedAt: string }[];
    console.log(items.map((item) => item.title));
    cursor = page.body.nextCursor as string | undefined;
    if (cursor === undefined) {
      // PATCH changes only the fields given; datetimes travel as ISO 8601 text.
      const closed = await call('PATCH', `/api/tickets/${items[0]!.id}`, { status: 'closed' });
      console.log(closed.status, closed.body.status, closed.body.openedAt);
    }
  } while (cursor !== undefined);

  // With offset instead of cursor, the answer counts every match.
  console.log((await call('GET', `/api/tickets?projectId=${projectId}&offset=0&limit=1`)).body.total); // 3

  // Bad input lists every field; deleting a project that tickets point at is refused (onDelete 'restrict').
  const bad = await call('POST', '/api/tickets', { title: 'x'.repeat(121), status: 'pending' });
  console.log(bad.status, (bad.body.errors as { field: string }[]).map((issue) => issue.field)); // 400 [ 'title', 'status', 'projectId' ]
  const refused = await call('DELETE', `/api/projects/${projectId}`);
  console.log(refused.status, refused.body.errors); // 400 [ { field: 'id', message: 'is still pointed at by …' } ]
  const missing = await call('GET', '/api/tickets/no-such-ticket');
  console.log(missing.status, missing.body.detail); // 404 No ticket with id "no-such-ticket"; list them with GET /api/tickets (the get_api_tickets tool over MCP).
} finally {
  await db.close();
  rmSync(workDir, { recursive: true, force: true });
}
