import { z } from 'zod';
import type { InferRow } from '@kit/kit-db';
import type { ticket } from '../models/ticket.js';

/** A ticket as the API answers it: dates as ISO 8601 text, absent fields as null. */
export const ticketOutput = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  priority: z.enum(['low', 'normal', 'high']),
  status: z.enum(['open', 'closed']),
  openedBy: z.string(),
  resolution: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  closedAt: z.string().nullable().describe('ISO 8601, once closed'),
});

export type TicketView = z.infer<typeof ticketOutput>;

/** The API's (and the pages') view of a stored ticket. */
export function ticketView(row: InferRow<typeof ticket>): TicketView {
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? null,
    priority: row.priority,
    status: row.status,
    openedBy: row.openedBy,
    resolution: row.resolution ?? null,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
  };
}
