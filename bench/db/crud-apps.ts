import { createKitApp, defineAPI, KitError, type KitApp } from '@kit/kit-core';
import {
  createTables,
  datetime,
  defineModel,
  enum as enumField,
  generateCrudRoutes,
  id,
  integer,
  string,
  type KitDatabase,
} from '@kit/kit-db';
import { and, asc, eq, getTableColumns, gt, type SQL } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { z } from 'zod';

/** The model every variant serves: a ticket with the usual kinds of column. */
export const ticket = defineModel('ticket', {
  id: id(),
  title: string({ maxLength: 120 }),
  status: enumField(['open', 'closed']),
  priority: integer(),
  openedAt: datetime(),
});

/** Something that answers requests in process: a kit app or a Hono app. */
export interface Fetcher {
  fetch(request: Request): Response | Promise<Response>;
}

/** kit: `generateCrudRoutes` on `createKitApp`. */
export function kitApp(db: KitDatabase): KitApp {
  return createKitApp({ routes: { ...generateCrudRoutes(ticket, { db }) } });
}

type TicketColumns = { id: SQLiteColumn; title: SQLiteColumn; status: SQLiteColumn; priority: SQLiteColumn; openedAt: SQLiteColumn };
type StoredTicket = { id: string; title: string; status: 'open' | 'closed'; priority: number; openedAt: Date };

/** The same queries written by hand in drizzle, shared by both baselines. */
function drizzleQueries(db: KitDatabase) {
  const drizzle = db.drizzle as BetterSQLite3Database;
  const table = db.table(ticket) as SQLiteTable;
  const columns = getTableColumns(table) as unknown as TicketColumns;
  const json = (row: StoredTicket) => ({ ...row, openedAt: row.openedAt.toISOString() });
  return {
    list: async (filter: { status?: string; limit: number; cursor?: string }) => {
      const conditions: SQL[] = [];
      if (filter.status !== undefined) conditions.push(eq(columns.status, filter.status));
      if (filter.cursor !== undefined) conditions.push(gt(columns.id, Buffer.from(filter.cursor, 'base64url').toString('utf8')));
      const rows = (await drizzle
        .select()
        .from(table)
        .where(and(...conditions))
        .orderBy(asc(columns.id))
        .limit(filter.limit + 1)) as StoredTicket[];
      const items = rows.slice(0, filter.limit).map(json);
      return rows.length > filter.limit ? { items, nextCursor: Buffer.from(items.at(-1)!.id).toString('base64url') } : { items };
    },
    get: async (id: string) => {
      const rows = (await drizzle.select().from(table).where(eq(columns.id, id)).limit(1)) as StoredTicket[];
      return rows[0] === undefined ? undefined : json(rows[0]);
    },
    create: async (values: { title: string; status: string; priority: number; openedAt: string }) => {
      const rows = (await drizzle
        .insert(table)
        .values({ id: crypto.randomUUID(), ...values, openedAt: new Date(values.openedAt) })
        .returning()) as StoredTicket[];
      return json(rows[0]!);
    },
    update: async (id: string, patch: Record<string, unknown>) => {
      const rows = (await drizzle.update(table).set(patch).where(eq(columns.id, id)).returning()) as StoredTicket[];
      return rows[0] === undefined ? undefined : json(rows[0]);
    },
    delete: async (id: string) => {
      const rows = (await drizzle.delete(table).where(eq(columns.id, id)).returning({ id: columns.id })) as { id: string }[];
      return rows.length > 0;
    },
  };
}

const row = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['open', 'closed']),
  priority: z.number().int(),
  openedAt: z.iso.datetime({ offset: true }),
});
const missing = (id: string) => new KitError('not_found', `No ticket with id ${JSON.stringify(id)}.`);

/**
 * Baseline 1, what the generated routes replace: hand-written `defineAPI` routes on the same paths,
 * with the same input and output schemas, calling drizzle directly. The ratio to it is the cost of
 * kit-db's layer alone (generated routes and `KitDatabase`), since both run on the same kit-core.
 */
export function handWrittenApp(db: KitDatabase): KitApp {
  const queries = drizzleQueries(db);
  const byId = z.strictObject({ id: z.string().min(1) });
  return createKitApp({
    routes: {
      'GET /api/tickets': defineAPI({
        capability: 'read',
        input: z.strictObject({
          limit: z.number().int().min(1).max(100).default(20),
          cursor: z.string().optional(),
          status: z.enum(['open', 'closed']).optional(),
        }),
        output: z.strictObject({ items: z.array(row), nextCursor: z.string().optional() }),
        handler: async ({ input }) => queries.list(input),
      }),
      'GET /api/tickets/:id': defineAPI({
        capability: 'read',
        input: byId,
        output: row,
        handler: async ({ input }) => (await queries.get(input.id)) ?? Promise.reject(missing(input.id)),
      }),
      'POST /api/tickets': defineAPI({
        capability: 'write',
        input: z.strictObject({
          title: z.string().max(120),
          status: z.enum(['open', 'closed']),
          priority: z.number().int(),
          openedAt: z.iso.datetime({ offset: true }),
        }),
        output: row,
        handler: async ({ input }) => queries.create(input),
      }),
      'PATCH /api/tickets/:id': defineAPI({
        capability: 'write',
        input: z.strictObject({
          id: z.string().min(1),
          title: z.string().max(120).optional(),
          status: z.enum(['open', 'closed']).optional(),
          priority: z.number().int().optional(),
        }),
        output: row,
        handler: async ({ input: { id, ...patch } }) => (await queries.update(id, patch)) ?? Promise.reject(missing(id)),
      }),
      'DELETE /api/tickets/:id': defineAPI({
        capability: 'write',
        input: byId,
        output: z.strictObject({ id: z.string(), deleted: z.literal(true) }),
        handler: async ({ input }) =>
          (await queries.delete(input.id)) ? { id: input.id, deleted: true as const } : Promise.reject(missing(input.id)),
      }),
    },
  });
}

/**
 * Baseline 2, the least a route can be: Hono handlers calling drizzle, with no validation, no
 * problem documents and no ETags. The ratio to it is what the whole kit stack costs.
 */
export function bareApp(db: KitDatabase): Fetcher {
  const queries = drizzleQueries(db);
  const app = new Hono();
  app.get('/api/tickets', async (c) => {
    const limit = Number(c.req.query('limit') ?? 20);
    const status = c.req.query('status');
    const cursor = c.req.query('cursor');
    return c.json(await queries.list({ limit, ...(status === undefined ? {} : { status }), ...(cursor === undefined ? {} : { cursor }) }));
  });
  app.get('/api/tickets/:id', async (c) => {
    const found = await queries.get(c.req.param('id'));
    return found ? c.json(found) : c.json({ detail: 'not found' }, 404);
  });
  app.post('/api/tickets', async (c) => c.json(await queries.create(await c.req.json())));
  app.patch('/api/tickets/:id', async (c) => {
    const found = await queries.update(c.req.param('id'), await c.req.json());
    return found ? c.json(found) : c.json({ detail: 'not found' }, 404);
  });
  app.delete('/api/tickets/:id', async (c) =>
    (await queries.delete(c.req.param('id'))) ? c.json({ id: c.req.param('id'), deleted: true }) : c.json({ detail: 'not found' }, 404),
  );
  return app;
}

/** Creates the table and `count` tickets in one transaction; returns their ids. */
export async function seedTickets(db: KitDatabase, count: number, random: () => number): Promise<string[]> {
  await createTables(db);
  const ids: string[] = [];
  await db.transaction(async (tx) => {
    for (let index = 0; index < count; index++) {
      const stored = await tx.insert(ticket, {
        title: `Ticket ${index}`,
        status: random() < 0.5 ? 'open' : 'closed',
        priority: Math.floor(random() * 5),
        openedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
      });
      ids.push(stored.id);
    }
  });
  return ids;
}
