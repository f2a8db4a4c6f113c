import type { TicketView } from '../lib/ticket-view.js';

// The status and priority of a ticket as small labels; the words carry the meaning, the colours only help.
// The words stay as the API spells them (`open`, `high`); the style capitalises their first letter.
export function TicketBadges({ ticket }: { readonly ticket: Pick<TicketView, 'status' | 'priority'> }) {
  return (
    <>
      <span className={`badge ${ticket.status}`}>{ticket.status}</span>
      <span className={`badge ${ticket.priority}`}>{`${ticket.priority} priority`}</span>
    </>
  );
}
