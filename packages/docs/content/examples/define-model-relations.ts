// ---
// title: Relations between projects, tickets, comments and labels
// description: Links four models with the relation builders - a ticket belongs to a project, a project has many tickets and one settings record, and tickets and labels are linked many-to-many.
// topics: [defineModel, database]
// relatedDocs: /docs/database#relation-builders
// ---
// src/models/helpdesk.model.ts
import { belongsTo, datetime, defineModel, hasMany, hasOne, id, manyToMany, string, text } from '@kit/kit-db';

// The reference does not list the arguments of the relation builders. This example names the
// related model by the name given to defineModel; check the builders' types in your editor.

export const project = defineModel('project', {
  id: id(),
  name: string(),
  tickets: hasMany('ticket'),
  settings: hasOne('projectSettings'),
});

export const projectSettings = defineModel('projectSettings', {
  id: id(),
  // The side that holds the reference declares belongsTo().
  project: belongsTo('project'),
  defaultAssignee: string(),
});

export const ticket = defineModel('ticket', {
  id: id(),
  title: string(),
  project: belongsTo('project'),
  comments: hasMany('comment'),
  labels: manyToMany('label'),
});

export const comment = defineModel('comment', {
  id: id(),
  body: text(),
  postedAt: datetime(),
  ticket: belongsTo('ticket'),
});

export const label = defineModel('label', {
  id: id(),
  name: string(),
  tickets: manyToMany('ticket'),
});
