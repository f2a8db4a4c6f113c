// ---
// title: Relations between projects, tickets, comments and labels
// description: Links six models with the relation builders - a ticket belongs to a project and optionally to an assignee, a project has many tickets and one settings record, comments are deleted with their ticket, and tickets and labels are linked many-to-many through a join table - and checks them together with resolveModels.
// topics: [defineModel, database]
// relatedDocs: /docs/database#relation-builders
// ---
// app/models/helpdesk.ts
import { belongsTo, datetime, defineModel, hasMany, hasOne, id, manyToMany, resolveModels, string, text } from '@kit/kit-db';

// Relations name the other model by the name given to defineModel.
export const project = defineModel('project', {
  id: id(),
  name: string().unique(),
  // The other side of ticket.project: adds no column.
  tickets: hasMany('ticket'),
  settings: hasOne('projectSettings'),
});

export const projectSettings = defineModel(
  'projectSettings',
  {
    id: id(),
    // The side that holds the reference declares belongsTo(): it adds the column projectId.
    project: belongsTo('project', { onDelete: 'cascade' }),
    defaultAssignee: string().optional(),
  },
  // hasOne does not make the key unique by itself: this refuses a second settings record per project.
  { indexes: [{ fields: ['projectId'], unique: true }] },
);

export const ticket = defineModel('ticket', {
  id: id(),
  title: string(),
  // projectId, a foreign key to project.id; deleting a project that tickets point at is refused ('restrict').
  project: belongsTo('project'),
  // Optional: a ticket may have no assignee, and deleting the user sets assigneeId to NULL ('set null').
  assignee: belongsTo('user').optional(),
  comments: hasMany('comment'),
  labels: manyToMany('label'),
});

export const comment = defineModel('comment', {
  id: id(),
  body: text(),
  postedAt: datetime().default(() => new Date()),
  // Comments go when their ticket is deleted.
  ticket: belongsTo('ticket', { onDelete: 'cascade' }),
});

export const label = defineModel('label', {
  id: id(),
  name: string().unique(),
  // Declared on both sides, it is still one join table: label_ticket (labelId, ticketId).
  tickets: manyToMany('ticket'),
});

export const user = defineModel('user', {
  id: id(),
  email: string().unique(),
  assigned: hasMany('ticket'),
});

// Relations are checked when the models meet (here, or in createDatabase): a missing model, or a hasMany
// without a belongsTo on the other side, throws a KitDbError naming the fix.
// Its tables: project, project_settings, ticket, comment, label, user and the join table label_ticket.
export const helpdeskSchema = resolveModels([project, projectSettings, ticket, comment, label, user]);
