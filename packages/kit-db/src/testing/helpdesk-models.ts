import {
  belongsTo,
  boolean,
  date,
  datetime,
  defineModel,
  enumField,
  hasMany,
  hasOne,
  id,
  integer,
  json,
  manyToMany,
  number,
  string,
  text,
  vector,
} from '../index.js';

/** Models of a small help desk with every field type and every relation kind, for the behavioural suites. */
export const project = defineModel('project', {
  id: id(),
  name: string().unique(),
  tickets: hasMany('ticket'),
  settings: hasOne('projectSettings'),
});

export const projectSettings = defineModel('projectSettings', {
  id: id(),
  project: belongsTo('project', { onDelete: 'cascade' }),
  theme: string().default('light'),
  flags: json<string[]>().default(['beta']),
  since: date().default('2024-01-31'),
});

export const person = defineModel('person', {
  id: id({ autoIncrement: true }),
  name: string(),
  tickets: hasMany('ticket'),
});

export const ticket = defineModel(
  'ticket',
  {
    id: id(),
    title: string({ maxLength: 80 }),
    body: text().optional(),
    status: enumField(['open', 'pending', 'closed']).default('open'),
    priority: integer().default(3),
    hours: number().optional(),
    archived: boolean().default(false),
    dueOn: date().optional(),
    openedAt: datetime().default(() => new Date()),
    headers: json<Record<string, string>>().optional(),
    embedding: vector({ dimensions: 3 }).optional(),
    bytes: integer({ big: true }).optional(),
    batch: string(),
    project: belongsTo('project'),
    assignee: belongsTo('person', { type: 'integer' }).optional(),
    labels: manyToMany('label'),
  },
  { indexes: [{ fields: ['batch', 'priority'] }, { fields: ['projectId', 'title'], unique: true }] },
);

export const label = defineModel('label', {
  id: id(),
  name: string(),
  tickets: manyToMany('ticket'),
});

export const helpdeskModels = [project, projectSettings, person, ticket, label];
