import { describe, expect, expectTypeOf, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import * as kitDb from '../index.js';
import {
  belongsTo,
  boolean,
  date,
  datetime,
  defineModel,
  enumField,
  hasMany,
  id,
  integer,
  json,
  KitDbError,
  manyToMany,
  number,
  string,
  text,
  vector,
  type InferInsert,
  type InferRow,
  type InferUpdate,
  type KitDatabase,
} from '../index.js';

const ticket = defineModel('ticket', {
  id: id(),
  title: string(),
  body: text().optional(),
  status: enumField(['open', 'closed']).default('open'),
  priority: integer(),
  hours: number().optional(),
  archived: boolean().default(false),
  dueOn: date().optional(),
  openedAt: datetime().default(() => new Date()),
  headers: json<{ from: string }>().optional(),
  embedding: vector({ dimensions: 3 }),
  project: belongsTo('project'),
  owner: belongsTo('person', { type: 'integer' }).optional(),
  labels: manyToMany('label'),
  comments: hasMany('comment'),
});

describe('field builders', () => {
  it('record their type and options, and modifiers return new fields', () => {
    const name = string({ maxLength: 80 });
    const unique = name.unique();
    expect(name.options).toEqual({ optional: false, unique: false, index: false, maxLength: 80 });
    expect(unique).not.toBe(name);
    expect(unique.options.unique).toBe(true);
    expect(name.options.unique).toBe(false);
    expect(name.optional().index().options).toMatchObject({ optional: true, index: true, unique: false, maxLength: 80 });
    expect(string().options.maxLength).toBe(255);
    expect(id().options.autoIncrement).toBe(false);
    expect(id({ autoIncrement: true }).options.autoIncrement).toBe(true);
    expect(integer({ big: true }).options.big).toBe(true);
    expect(enumField(['a', 'b']).options.values).toEqual(['a', 'b']);
    expect(vector({ dimensions: 384 }).options.dimensions).toBe(384);
    expect(vector().options.dimensions).toBeUndefined();
    expect(boolean().default(true).options.default).toEqual({ kind: 'value', value: true });
    const now = (): Date => new Date(0);
    expect(datetime().default(now).options.default).toEqual({ kind: 'function', fn: now });
  });

  it('export enum under its reserved name', () => {
    expect(kitDb.enum).toBe(enumField);
    expect(kitDb.enum(['x']).type).toBe('enum');
  });
});

describe('defineModel', () => {
  it('keeps the fields and names the table in snake_case', () => {
    expect(ticket.name).toBe('ticket');
    expect(ticket.tableName).toBe('ticket');
    expect(defineModel('projectSettings', { id: id() }).tableName).toBe('project_settings');
    expect(defineModel('APIKey', { id: id() }).tableName).toBe('api_key');
    expect(defineModel('x', { id: id() }, { tableName: 'custom' }).tableName).toBe('custom');
    expect(ticket.fields.project).toMatchObject({ kind: 'relation', relation: 'belongsTo', target: 'project' });
  });

  it('refuses an entry no builder made, naming the model, the field and the fix', () => {
    const error = thrownBy(() => defineModel('ticket', { id: id(), title: 'string' as never }), KitDbError);
    expect(error).toMatchObject({ code: 'unknown_field_type', model: 'ticket', field: 'title' });
    expect(error.message).toMatch(
      /^defineModel\('ticket'\): field "title" is the string "string", not a field or relation builder; use one of id\(\), string\(\), .*enum\(\[\.\.\.\]\).*belongsTo/,
    );
    expect(thrownBy(() => defineModel('t', { id: id(), n: string as never }), KitDbError).message).toContain(
      'the function string (call it: string())',
    );
    expect(thrownBy(() => defineModel('t', { id: id(), n: { type: 'uuid' } as never }), KitDbError).message).toContain(
      'an object of unknown type "uuid"',
    );
    expect(thrownBy(() => defineModel('t', { id: id(), n: null as never }), KitDbError).code).toBe('unknown_field_type');
  });

  it('refuses bad model names', () => {
    for (const name of ['', '1ticket', 'tick et', 'a-b']) {
      expect(thrownBy(() => defineModel(name, { id: id() }), KitDbError).code).toBe('invalid_model');
    }
  });
});

describe('type inference', () => {
  it('infers rows: optional fields are nullable, belongsTo adds <name>Id, other relations add nothing', () => {
    type Row = InferRow<typeof ticket>;
    expectTypeOf<Row>().toEqualTypeOf<{
      id: string;
      title: string;
      body: string | null;
      status: 'open' | 'closed';
      priority: number;
      hours: number | null;
      archived: boolean;
      dueOn: string | null;
      openedAt: Date;
      headers: { from: string } | null;
      embedding: number[];
      projectId: string;
      ownerId: number | null;
    }>();
    expectTypeOf<typeof ticket.$row>().toEqualTypeOf<Row>();
    // Only its type is read: the row and insert types of a self-reference with an integer key.
    const _counter = defineModel('counter', {
      id: id({ autoIncrement: true }),
      parent: belongsTo('counter', { type: 'integer' }).optional(),
    });
    expectTypeOf<InferRow<typeof _counter>>().toEqualTypeOf<{ id: number; parentId: number | null }>();
    expectTypeOf<InferInsert<typeof _counter>>().toEqualTypeOf<{ id?: number; parentId?: number | null }>();
  });

  it('infers inserts: fields without default or optional are required, the rest may be left out', () => {
    type Insert = InferInsert<typeof ticket>;
    expectTypeOf<Insert>().toEqualTypeOf<{
      title: string;
      priority: number;
      embedding: number[];
      projectId: string;
      id?: string;
      body?: string | null;
      status?: 'open' | 'closed';
      hours?: number | null;
      archived?: boolean;
      dueOn?: string | null;
      openedAt?: Date;
      headers?: { from: string } | null;
      ownerId?: number | null;
    }>();
    const ok: Insert = { title: 't', priority: 1, embedding: [1, 2, 3], projectId: 'p' };
    // @ts-expect-error a field the model does not have
    const unknownField: Insert = { ...ok, nope: 1 };
    // @ts-expect-error a value outside the enum
    const badEnum: Insert = { ...ok, status: 'pending' };
    // @ts-expect-error the relation's field name instead of its column
    const relationName: Insert = { title: 't', priority: 1, embedding: [], project: 'p' };
    // @ts-expect-error a required field missing
    const missing: Insert = { title: 't', embedding: [], projectId: 'p' };
    // @ts-expect-error a wrong value type
    const wrongType: Insert = { ...ok, priority: '1' };
    expect([unknownField, badEnum, relationName, missing, wrongType]).toHaveLength(5);
  });

  it('infers updates: every column but the id, each optional', () => {
    type Update = InferUpdate<typeof ticket>;
    expectTypeOf<Update>().toHaveProperty('title').toEqualTypeOf<string | undefined>();
    expectTypeOf<Update>().not.toHaveProperty('id');
    // @ts-expect-error the id cannot be updated
    const idChange: Update = { id: 'x' };
    expect(idChange).toBeDefined();
  });

  it('types the database operations by model', () => {
    type Db = KitDatabase<'sqlite'>;
    const use = async (db: Db): Promise<void> => {
      const row = await db.insert(ticket, { title: 't', priority: 1, embedding: [1, 2, 3], projectId: 'p' });
      expectTypeOf(row.status).toEqualTypeOf<'open' | 'closed'>();
      expectTypeOf(await db.findById(ticket, row.id)).toEqualTypeOf<InferRow<typeof ticket> | null>();
      // @ts-expect-error an unknown field in an insert
      await db.insert(ticket, { title: 't', priority: 1, embedding: [], projectId: 'p', nope: true });
      // @ts-expect-error an unknown column in a where
      await db.list(ticket, { where: { nope: 1 } });
      // @ts-expect-error an unknown column in an orderBy
      await db.list(ticket, { orderBy: { field: 'nope' } });
      await db.list(ticket, {
        where: { status: 'open', priority: { gte: 2 }, ownerId: null },
        orderBy: [{ field: 'openedAt', direction: 'desc' }],
      });
      // @ts-expect-error not a relation of ticket
      await db.related(ticket, row.id, 'title');
      await db.link(ticket, row.id, 'labels', 'l1');
    };
    expect(use).toBeTypeOf('function');
  });

  it('rejects composite indexes over unknown columns at compile time', () => {
    const make = (): unknown =>
      // @ts-expect-error 'nope' is not a column of the model
      defineModel('x', { id: id(), a: string(), parent: belongsTo('y') }, { indexes: [{ fields: ['a', 'nope'] }] });
    const ok = defineModel(
      'x',
      { id: id(), a: string(), parent: belongsTo('y') },
      { indexes: [{ fields: ['a', 'parentId'], unique: true }] },
    );
    expect(ok.options.indexes).toHaveLength(1);
    expect(make).toBeTypeOf('function');
  });
});
