// ---
// title: A ticket model with every kind of field
// description: Defines a ticket model with defineModel using the field builders for the primary key, short and long text, numbers, flags, dates, JSON and a fixed set of values, with lengths, defaults, optional fields and indexes.
// topics: [defineModel, database]
// relatedDocs: /docs/database#definemodel
// ---
// app/models/ticket.ts
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
  type InferInsert,
  type InferRow,
} from '@kit/kit-db';

/** What the e-mail gateway sends along with a ticket, kept as a whole. */
interface SourceHeaders {
  from: string;
  subject: string;
  messageId: string;
}

export const ticket = defineModel(
  'ticket',
  {
    // A random UUID made at insert.
    id: id(),
    // At most 120 characters (the default is 255), refused before it reaches the database.
    title: string({ maxLength: 120 }),
    // Any length; text() cannot be unique or indexed.
    body: text(),
    // Priority 1 (highest) to 5: a 32-bit whole number. Inserts may leave it out.
    priority: integer().default(3),
    // Hours spent so far, fractions allowed.
    hoursSpent: number().default(0),
    // One of these values; also a CHECK constraint in the table.
    status: enumField(['open', 'pending', 'closed']).default('open'),
    archived: boolean().default(false),
    // 'YYYY-MM-DD', or null: an optional field may be left out.
    dueOn: date().optional(),
    // Filled in the process at each insert; kit-db never fills timestamps by itself.
    openedAt: datetime().default(() => new Date()),
    closedAt: datetime().optional(),
    // Read and written as a whole; typed, not checked at run time.
    sourceHeaders: json<SourceHeaders>().optional(),
    // The id in the e-mail gateway: unique (constraint ticket_externalRef_unique), NULL when there is none.
    externalRef: string({ maxLength: 64 }).unique().optional(),
  },
  // Lists filter by status and sort by date: one composite index for both (ticket_status_openedAt_idx).
  { indexes: [{ fields: ['status', 'openedAt'] }] },
);

// What reads return, and what an insert needs: only title and body are required.
export type Ticket = InferRow<typeof ticket>;
export const newTicket: InferInsert<typeof ticket> = {
  title: 'Printer on fire',
  body: 'The printer on the second floor is smoking.',
  dueOn: '2026-12-24',
};
