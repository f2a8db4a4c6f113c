import { createKitApp } from '@kit/kit-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../database/create-database.js';
import { createTables } from '../database/create-tables.js';
import { hasDefaultDatabase } from '../database/default-database.js';
import type { KitDatabase } from '../database/types.js';
import { KitDbError } from '../errors/kit-db-error.js';
import { id, string } from '../model/field.js';
import { defineModel } from '../model/define-model.js';
import { generateCrudRoutes } from './generate-crud-routes.js';

const note = defineModel('note', { id: id(), title: string() });
const other = defineModel('other', { id: id(), name: string() });
const opened: KitDatabase[] = [];

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

async function open(models: Parameters<typeof createDatabase>[0]['models'], setDefault?: boolean): Promise<KitDatabase> {
  const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models, ...(setDefault === undefined ? {} : { setDefault }) });
  opened.push(db);
  await createTables(db);
  return db;
}

function appWith(routes: ReturnType<typeof generateCrudRoutes>) {
  const errors: unknown[] = [];
  const app = createKitApp({ routes, onError: (error) => errors.push(error) });
  const post = async (title: string) =>
    app.fetch(
      new Request('http://localhost/api/notes', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title }),
      }),
    );
  return { app, errors, post };
}

describe('the database of generated routes', () => {
  it('is the process default at each call, with a logged error naming the fix while there is none', async () => {
    expect(hasDefaultDatabase()).toBe(false);
    const { errors, post } = appWith(generateCrudRoutes(note));
    const early = await post('too early');
    expect(early.status).toBe(500);
    expect(JSON.stringify(await early.json())).not.toMatch(/createDatabase/);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(KitDbError);
    expect(errors[0]).toMatchObject({
      code: 'invalid_config',
      message:
        'generateCrudRoutes(note): there is no database; call createDatabase({ provider, url, models: [note, ...] }) before serving requests, or pass { db } to generateCrudRoutes.',
    });

    const db = await open([note]);
    const created = await post('on time');
    expect(created.status).toBe(201);
    expect(await db.count(note)).toBe(1);
  });

  it('is asked again at each call when given as a function', async () => {
    const first = await open([note], false);
    const second = await open([note], false);
    let current = first;
    const { post } = appWith(generateCrudRoutes(note, { db: () => current }));
    await post('one');
    current = second;
    await post('two');
    await post('three');
    expect([await first.count(note), await second.count(note)]).toEqual([1, 2]);
  });

  it('must hold the model, or the call fails with a logged error naming it', async () => {
    const unrelated = await open([other], false);
    const { errors, post } = appWith(generateCrudRoutes(note, { db: unrelated }));
    expect((await post('lost')).status).toBe(500);
    expect(errors[0]).toMatchObject({
      code: 'unknown_model',
      message: 'generateCrudRoutes(note): the database was created without model "note"; add it to the models of createDatabase.',
    });
  });
});
