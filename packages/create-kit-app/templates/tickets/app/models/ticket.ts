import { datetime, defineModel, enumField, id, string, text } from '@kit/kit-db';

/** A request for help: opened by a person or an agent, closed with a resolution. */
export const ticket = defineModel('ticket', {
  id: id(),
  title: string({ maxLength: 200 }),
  description: text().optional(),
  priority: enumField(['low', 'normal', 'high']).default('normal'),
  status: enumField(['open', 'closed']).default('open'),
  // Who opened it, as shown to people: a person's name, or an agent's name followed by "(agent)".
  openedBy: string({ maxLength: 120 }),
  resolution: text().optional(),
  createdAt: datetime().default(() => new Date()),
  closedAt: datetime().optional(),
});

export default ticket;
