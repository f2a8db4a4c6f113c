import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TempApp } from './temp-app.js';

/** Model files for the database tests. */
export const ticketModel = `import { defineModel, id, string } from '@kit/kit-db';

export const ticket = defineModel('ticket', { id: id(), title: string() });
export default ticket;
`;

/** The ticket model with a due date added. */
export const ticketWithDue = `import { date, defineModel, id, string } from '@kit/kit-db';

export const ticket = defineModel('ticket', { id: id(), title: string(), dueOn: date().optional() });
`;

/** The ticket model with \`title\` renamed \`subject\`. */
export const ticketRenamed = `import { defineModel, id, string } from '@kit/kit-db';

export default defineModel('ticket', { id: id(), subject: string() });
`;

let replacements = 0;

/**
 * Replaces app/models/ticket.ts by a new file holding `content`: a process caches a module once
 * imported, so a test that runs the CLI in process changes a model by giving it a new path.
 */
export async function replaceModel(app: TempApp, content: string): Promise<void> {
  await rm(join(app.root, 'app', 'models'), { recursive: true, force: true });
  await app.write(`app/models/ticket-${++replacements}.ts`, content);
}
