import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import {
  belongsTo,
  datetime,
  defineModel,
  hasMany,
  hasOne,
  id,
  json,
  KitDbError,
  manyToMany,
  resolveModels,
  string,
  text,
  vector,
  type AnyModel,
} from '../index.js';
import { helpdeskModels } from '../testing/helpdesk-models.js';

const failure = (models: AnyModel[]): KitDbError => thrownBy(() => resolveModels(models), KitDbError);

describe('resolveModels', () => {
  it('compiles models to tables with columns, keys, indexes, checks and join tables', () => {
    const schema = resolveModels(helpdeskModels);
    expect(schema.tables.map((table) => table.name)).toEqual(['project', 'project_settings', 'person', 'ticket', 'label', 'label_ticket']);
    const ticket = schema.models.get('ticket')!;
    expect(ticket.idColumn).toBe('id');
    expect(ticket.columnOf).toMatchObject({ title: 'title', project: 'projectId', assignee: 'assigneeId' });
    expect(ticket.fieldOf.projectId).toBe('project');
    const projectId = ticket.table.columns.find((column) => column.name === 'projectId')!;
    expect(projectId).toMatchObject({ type: 'reference', referenceType: 'string', nullable: false });
    expect(ticket.table.columns.find((column) => column.name === 'assigneeId')).toMatchObject({ referenceType: 'integer', nullable: true });
    expect(ticket.table.foreignKeys).toEqual([
      { name: 'ticket_projectId_fk', column: 'projectId', targetTable: 'project', targetColumn: 'id', onDelete: 'restrict' },
      { name: 'ticket_assigneeId_fk', column: 'assigneeId', targetTable: 'person', targetColumn: 'id', onDelete: 'set null' },
    ]);
    expect(ticket.table.indexes).toEqual([
      { name: 'ticket_projectId_idx', columns: ['projectId'], unique: false },
      { name: 'ticket_assigneeId_idx', columns: ['assigneeId'], unique: false },
      { name: 'ticket_batch_priority_idx', columns: ['batch', 'priority'], unique: false },
      { name: 'ticket_projectId_title_unique', columns: ['projectId', 'title'], unique: true },
    ]);
    expect(ticket.table.checks).toEqual([{ name: 'ticket_status_check', column: 'status', values: ['open', 'pending', 'closed'] }]);
    expect(ticket.table.columns.find((column) => column.name === 'priority')!.default).toEqual({ value: 3 });
    expect(ticket.table.columns.find((column) => column.name === 'openedAt')!.default).toBeUndefined();
    expect(ticket.relations).toEqual([
      { field: 'project', kind: 'belongsTo', target: 'project', foreignKey: 'projectId' },
      { field: 'assignee', kind: 'belongsTo', target: 'person', foreignKey: 'assigneeId' },
      {
        field: 'labels',
        kind: 'manyToMany',
        target: 'label',
        through: { table: 'label_ticket', sourceColumn: 'ticketId', targetColumn: 'labelId' },
      },
    ]);
    expect(schema.models.get('project')!.relations).toEqual([
      { field: 'tickets', kind: 'hasMany', target: 'ticket', foreignKey: 'projectId' },
      { field: 'settings', kind: 'hasOne', target: 'projectSettings', foreignKey: 'projectId' },
    ]);
    const join = schema.tables.find((table) => table.name === 'label_ticket')!;
    expect(join).toMatchObject({ joins: ['label', 'ticket'], primaryKey: ['labelId', 'ticketId'] });
    expect(join.foreignKeys.map((key) => [key.column, key.targetTable, key.onDelete])).toEqual([
      ['labelId', 'label', 'cascade'],
      ['ticketId', 'ticket', 'cascade'],
    ]);
    expect(schema.models.get('person')!.autoIncrement).toBe(true);
  });

  it('makes one join table for a many-to-many declared on one side only, named in alphabetical order', () => {
    const schema = resolveModels([defineModel('zebra', { id: id(), friends: manyToMany('apple') }), defineModel('apple', { id: id() })]);
    expect(schema.tables.map((table) => table.name)).toEqual(['zebra', 'apple', 'apple_zebra']);
    const through = resolveModels([
      defineModel('a', { id: id(), bs: manyToMany('b', { through: 'memberships' }) }),
      defineModel('b', { id: id() }),
    ]);
    expect(through.tables.at(-1)!.name).toBe('memberships');
  });

  it('refuses a relation to a missing model, naming model, field, close matches and the fix', () => {
    const error = failure([defineModel('ticket', { id: id(), project: belongsTo('projet') }), defineModel('project', { id: id() })]);
    expect(error).toMatchObject({ code: 'unknown_relation_target', model: 'ticket', field: 'project' });
    expect(error.message).toBe(
      `Model "ticket": relation "project" (belongsTo('projet')) names no known model; did you mean 'project'? add the model "projet" to the models given, or name one of: ticket, project.`,
    );
    expect(failure([defineModel('a', { id: id(), bs: hasMany('b') })]).code).toBe('unknown_relation_target');
    expect(failure([defineModel('a', { id: id(), bs: manyToMany('b') })]).code).toBe('unknown_relation_target');
  });

  it('refuses duplicate models and clashing table names', () => {
    expect(failure([defineModel('a', { id: id() }), defineModel('a', { id: id() })])).toMatchObject({
      code: 'duplicate_model',
      model: 'a',
    });
    expect(failure([defineModel('userKey', { id: id() }), defineModel('user_key', { id: id() })]).message).toBe(
      'Models "userKey" and "user_key" both use the table "user_key"; give one of them another tableName.',
    );
    expect(
      failure([defineModel('a', { id: id(), bs: manyToMany('b') }), defineModel('b', { id: id() }), defineModel('a_b', { id: id() })])
        .message,
    ).toContain('through');
    expect(failure([{ name: 'fake' } as never]).code).toBe('invalid_model');
  });

  it('refuses models that cannot be compiled', () => {
    const cases: [AnyModel[], string][] = [
      [[defineModel('a', { name: string() })], 'has no id() field'],
      [[defineModel('a', { id: id(), other: id() })], 'has 2 id() fields'],
      [[defineModel('a', { id: id(), parent: belongsTo('a'), parentId: string() })], 'clashes with'],
      [[defineModel('a', { id: id(), body: text().unique() })], 'cannot be unique on every provider'],
      [[defineModel('a', { id: id(), data: json().index() })], 'cannot be indexed'],
      [[defineModel('a', { id: id(), v: vector({ dimensions: 0 }) })], 'has dimensions 0'],
      [[defineModel('a', { id: id(), s: string({ maxLength: 0 }) })], 'has maxLength 0'],
      [[defineModel('a', { id: id().optional() })], 'cannot be optional'],
      [[defineModel('a', { id: id(), s: string().default(3 as never) })], 'has a default that does not fit'],
      [[defineModel('a', { id: id(), s: string().default(null as never) })], 'has the default null but is not optional'],
      [
        [defineModel('a', { id: id(), parent: belongsTo('b') }), defineModel('b', { id: id({ autoIncrement: true }) })],
        "write belongsTo('b', { type: 'integer' })",
      ],
      [
        [defineModel('a', { id: id(), parent: belongsTo('b', { onDelete: 'set null' }) }), defineModel('b', { id: id() })],
        "onDelete 'set null' but its column cannot be NULL",
      ],
      [[defineModel('a', { id: id(), bs: hasMany('b') }), defineModel('b', { id: id() })], 'add `a: belongsTo(\'a\')` to model "b"'],
      [
        [defineModel('a', { id: id(), bs: hasOne('b') }), defineModel('b', { id: id(), x: belongsTo('a'), y: belongsTo('a') })],
        'is ambiguous',
      ],
      [
        [defineModel('a', { id: id(), bs: hasMany('b', { foreignKey: 'z' }) }), defineModel('b', { id: id(), x: belongsTo('a') })],
        'names foreignKey "z"',
      ],
      [[defineModel('a', { id: id(), peers: manyToMany('a') })], 'links the model to itself'],
      [
        [defineModel('a', { id: id(), x: manyToMany('b'), y: manyToMany('b') }), defineModel('b', { id: id() })],
        "give each its own { through: '<table>' }",
      ],
      [
        [defineModel('a', { id: id(), at: datetime() }, { indexes: [{ fields: ['nope' as 'at'] }] })],
        'index column "nope" is not a column',
      ],
      [[defineModel('a', { id: id(), body: text() }, { indexes: [{ fields: ['body'] }] })], 'cannot be indexed on every provider'],
      [
        [defineModel('a', { id: id(), s: string().index() }, { indexes: [{ fields: ['s'], name: 'a_s_idx' }] })],
        'two indexes are named "a_s_idx"',
      ],
    ];
    for (const [models, message] of cases) {
      const error = failure(models);
      expect(error.code, message).toBe('invalid_model');
      expect(error.message).toContain(message);
      expect(error.model).toBe('a');
    }
  });

  it('shortens long constraint names with a hash so every provider keeps them whole', () => {
    const long = 'a'.repeat(40);
    const schema = resolveModels([defineModel(long, { id: id(), [`${'b'.repeat(30)}`]: string().unique() })]);
    const name = schema.tables[0]!.indexes[0]!.name;
    expect(name.length).toBe(63);
    expect(name).toMatch(/^a{40}_b{13}_[0-9a-f]{8}$/);
  });
});
