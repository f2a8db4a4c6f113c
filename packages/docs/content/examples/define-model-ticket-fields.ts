// ---
// title: A ticket model with every kind of field
// description: Defines a ticket model with defineModel using the field builders for the primary key, short and long text, numbers, flags, dates, JSON and a fixed set of values.
// topics: [defineModel, database]
// relatedDocs: /docs/database#definemodel
// ---
// src/models/ticket.model.ts
import {
  boolean,
  date,
  datetime,
  defineModel,
  // `enum` is a reserved word in JavaScript, so import it under another name.
  enum as enumField,
  id,
  integer,
  json,
  number,
  string,
  text,
} from '@kit/kit-db';

export const ticket = defineModel('ticket', {
  id: id(),
  title: string(),
  body: text(),
  // Priority 1 (highest) to 5; whole numbers belong in integer().
  priority: integer(),
  // Hours spent so far, fractions allowed.
  hoursSpent: number(),
  // How the allowed values are passed to enum() is not listed in the reference;
  // this example passes them as an array - check the builder's type in your editor.
  status: enumField(['open', 'pending', 'closed']),
  archived: boolean(),
  dueOn: date(),
  openedAt: datetime(),
  // Data from the e-mail gateway that is read and written as a whole.
  sourceHeaders: json(),
});
