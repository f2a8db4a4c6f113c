import { createKitApp, type KitServer } from '@kit/kit-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables } from '../database/create-tables.js';
import { boolean, date, datetime, enumField, id, integer, json, number, string } from '../model/field.js';
import { defineModel } from '../model/define-model.js';
import { belongsTo, hasMany } from '../model/relation.js';
import { stopTestProviders, testProviders } from '../testing/providers.js';
import { generateCrudRoutes } from './generate-crud-routes.js';

const project = defineModel('project', { id: id(), name: string({ maxLength: 40 }).unique(), tickets: hasMany('ticket') });
const ticket = defineModel('ticket', {
  id: id(),
  title: string({ maxLength: 80 }),
  status: enumField(['open', 'closed']).default('open'),
  priority: integer().optional(),
  estimate: number().optional(),
  urgent: boolean().default(false),
  dueOn: date().optional(),
  openedAt: datetime(),
  meta: json().optional(),
  project: belongsTo('project', { onDelete: 'cascade' }),
});
const counter = defineModel('counter', { id: id({ autoIncrement: true }), label: string() });

type Json = Record<string, unknown>;

afterAll(stopTestProviders);

describe.each(testProviders)('generateCrudRoutes on $name', (provider) => {
  let server: KitServer;
  let base: string;

  beforeAll(async () => {
    if (!provider.available) return;
    const db = await provider.open([project, ticket, counter]);
    await createTables(db);
    const app = createKitApp({
      routes: {
        ...generateCrudRoutes(project, { db }),
        ...generateCrudRoutes(ticket, { db }),
        ...generateCrudRoutes(counter, { db: () => db }),
      },
    });
    server = await app.listen({ port: 0 });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => server?.close());

  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; location?: string; body: Json }> => {
    const response = await fetch(`${base}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const location = response.headers.get('location');
    return { status: response.status, ...(location === null ? {} : { location }), body: (await response.json()) as Json };
  };
  const newProject = async (name: string): Promise<string> => {
    const created = await call('POST', '/api/projects', { name });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  describe.skipIf(!provider.available)(provider.unavailable ?? '', () => {
    it('creates, reads, changes and deletes a record, with dates as ISO text', async () => {
      const projectId = await newProject('Crud');
      const created = await call('POST', '/api/tickets', {
        title: 'Printer on fire',
        priority: 2,
        estimate: 1.5,
        dueOn: '2026-12-24',
        openedAt: '2026-11-23T10:15:30.123Z',
        meta: { tags: ['hardware'], floor: 3 },
        projectId,
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.location).toBe(`/api/tickets/${id}`);
      const stored = {
        id,
        title: 'Printer on fire',
        status: 'open',
        priority: 2,
        estimate: 1.5,
        urgent: false,
        dueOn: '2026-12-24',
        openedAt: '2026-11-23T10:15:30.123Z',
        meta: { tags: ['hardware'], floor: 3 },
        projectId,
      };
      expect(created.body).toEqual(stored);
      expect(await call('GET', `/api/tickets/${id}`)).toEqual({ status: 200, body: stored });

      const changed = await call('PATCH', `/api/tickets/${id}`, {
        status: 'closed',
        priority: null,
        meta: null,
        openedAt: '2026-11-24T08:00:00+01:00',
      });
      expect(changed).toEqual({
        status: 200,
        body: { ...stored, status: 'closed', priority: null, meta: null, openedAt: '2026-11-24T07:00:00.000Z' },
      });
      expect((await call('GET', `/api/tickets/${id}`)).body).toEqual(changed.body);

      expect(await call('DELETE', `/api/tickets/${id}`)).toEqual({ status: 200, body: { id, deleted: true } });
      const gone = await call('GET', `/api/tickets/${id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.detail).toBe(`No ticket with id "${id}"; list them with GET /api/tickets (the get_api_tickets tool over MCP).`);
      expect((await call('PATCH', `/api/tickets/${id}`, { title: 'x' })).status).toBe(404);
      expect((await call('DELETE', `/api/tickets/${id}`)).body.detail).toBe(
        `No ticket with id "${id}"; list them with GET /api/tickets (the get_api_tickets tool over MCP).`,
      );
    });

    it('lists with equality filters, order, cursor pages and offset pages', async () => {
      const projectId = await newProject('Listing');
      const other = await newProject('Other');
      for (const [index, title] of ['delta', 'alpha', 'echo', 'charlie', 'bravo'].entries()) {
        const created = await call('POST', '/api/tickets', {
          title,
          priority: index,
          urgent: index % 2 === 0,
          openedAt: `2026-11-0${index + 1}T00:00:00.000Z`,
          projectId,
          status: index === 4 ? 'closed' : 'open',
        });
        expect(created.status).toBe(201);
      }
      await call('POST', '/api/tickets', { title: 'elsewhere', openedAt: '2026-11-01T00:00:00.000Z', projectId: other });
      const titles = (body: Json) => (body.items as Json[]).map((item) => item.title);

      const byTitle = await call('GET', `/api/tickets?projectId=${projectId}&orderBy=title`);
      expect(byTitle.status).toBe(200);
      expect(titles(byTitle.body)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
      expect(byTitle.body.nextCursor).toBeUndefined();
      expect(titles((await call('GET', `/api/tickets?projectId=${projectId}&orderBy=priority&order=desc`)).body)).toEqual([
        'bravo',
        'charlie',
        'echo',
        'alpha',
        'delta',
      ]);
      expect(titles((await call('GET', `/api/tickets?projectId=${projectId}&urgent=true&status=open&orderBy=title`)).body)).toEqual([
        'delta',
        'echo',
      ]);
      expect(titles((await call('GET', `/api/tickets?openedAt=2026-11-03T00:00:00.000Z`)).body)).toEqual(['echo']);

      const pages: unknown[][] = [];
      let cursor: string | undefined;
      do {
        const page = await call(
          'GET',
          `/api/tickets?projectId=${projectId}&orderBy=title&order=desc&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.status).toBe(200);
        pages.push(titles(page.body));
        cursor = page.body.nextCursor as string | undefined;
      } while (cursor !== undefined);
      expect(pages).toEqual([['echo', 'delta'], ['charlie', 'bravo'], ['alpha']]);

      const offset = await call('GET', `/api/tickets?projectId=${projectId}&orderBy=title&offset=3&limit=10`);
      expect(offset).toMatchObject({ status: 200, body: { total: 5 } });
      expect(titles(offset.body)).toEqual(['delta', 'echo']);
      expect(offset.body.nextCursor).toBeUndefined();

      const both = await call('GET', `/api/tickets?offset=1&cursor=abc`);
      expect(both.status).toBe(400);
      expect(both.body.errors).toEqual([{ field: 'cursor', message: 'cannot be combined with offset; page with one or the other' }]);
      const limits = await call('GET', '/api/tickets?limit=101&orderBy=meta&order=up');
      expect(limits.status).toBe(400);
      expect((limits.body.errors as Json[]).map((issue) => issue.field)).toEqual(['limit', 'orderBy', 'order']);
    });

    it('pages through a column with nulls, in both orders, without losing or repeating records', async () => {
      const projectId = await newProject('Nulls');
      for (const [index, priority] of [2, null, 1, null, 3].entries()) {
        expect(
          (await call('POST', '/api/tickets', { title: `n${index}`, priority, openedAt: '2026-11-01T00:00:00.000Z', projectId })).status,
        ).toBe(201);
      }
      for (const order of ['asc', 'desc']) {
        const whole = await call('GET', `/api/tickets?projectId=${projectId}&orderBy=priority&order=${order}&limit=100`);
        const walked: unknown[] = [];
        let cursor: string | undefined;
        do {
          const page = await call(
            'GET',
            `/api/tickets?projectId=${projectId}&orderBy=priority&order=${order}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          expect(page.status).toBe(200);
          walked.push(...(page.body.items as Json[]).map((item) => item.title));
          cursor = page.body.nextCursor as string | undefined;
        } while (cursor !== undefined);
        expect(walked).toEqual((whole.body.items as Json[]).map((item) => item.title));
        expect([...walked].sort()).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
      }
    });

    it('refuses bad input with every field named, and unknown fields', async () => {
      const bad = await call('POST', '/api/tickets', {
        title: 'x'.repeat(81),
        status: 'pending',
        priority: 1.5,
        dueOn: '24/12/2026',
        openedAt: 'yesterday',
        colour: 'red',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.type).toBe('/problems/invalid-input');
      expect((bad.body.errors as Json[]).map((issue) => issue.field).sort()).toEqual([
        'colour',
        'dueOn',
        'openedAt',
        'priority',
        'projectId',
        'status',
        'title',
      ]);
      const empty = await call('PATCH', '/api/tickets/anything', {});
      expect(empty.status).toBe(400);
      expect(empty.body.detail).toBe(
        'Invalid input: give at least one field to change: title, status, priority, estimate, urgent, dueOn, openedAt, meta, projectId.',
      );
      const idInBody = await call('PATCH', '/api/tickets/one', { id: 'two', title: 'x' });
      expect(idInBody.status).toBe(400);
    });

    it('answers a unique violation with a 409 and a foreign-key violation with a 400, naming the field', async () => {
      const projectId = await newProject('Unique');
      const duplicate = await call('POST', '/api/projects', { name: 'Unique' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.type).toBe('/problems/conflict');
      expect(duplicate.body.errors).toEqual([{ field: 'name', message: expect.stringMatching(/unique/) }]);
      expect(duplicate.body.detail).toMatch(/project\.name/);
      const second = await newProject('Second');
      const renamed = await call('PATCH', `/api/projects/${second}`, { name: 'Unique' });
      expect(renamed.status).toBe(409);
      expect(renamed.body.errors).toEqual([{ field: 'name', message: expect.stringMatching(/unique/) }]);

      const orphan = await call('POST', '/api/tickets', {
        title: 'Orphan',
        openedAt: '2026-11-23T00:00:00.000Z',
        projectId: 'no-such-project',
      });
      expect(orphan.status).toBe(400);
      expect(orphan.body.errors).toEqual([{ field: 'projectId', message: expect.any(String) }]);
      expect(orphan.body.detail).toMatch(/project/);
      expect((await call('GET', `/api/projects/${projectId}`)).status).toBe(200);
    });

    it('numbers auto-increment ids and reads them from the path as numbers', async () => {
      const first = await call('POST', '/api/counters', { label: 'one' });
      const second = await call('POST', '/api/counters', { label: 'two' });
      expect(first.body).toEqual({ id: expect.any(Number), label: 'one' });
      expect(second.body.id).toBe((first.body.id as number) + 1);
      expect(await call('GET', `/api/counters/${String(second.body.id)}`)).toEqual({ status: 200, body: second.body });
      const word = await call('GET', '/api/counters/abc');
      expect(word.status).toBe(400);
      expect(word.body.errors).toEqual([{ field: 'id', message: 'must be a whole number written in digits, got "abc"' }]);
      expect((await call('GET', '/api/counters/999999')).body.detail).toBe(
        'No counter with id "999999"; list them with GET /api/counters (the get_api_counters tool over MCP).',
      );
      expect((await call('POST', '/api/counters', { id: 5, label: 'chosen' })).status).toBe(400);
    });
  });
});
