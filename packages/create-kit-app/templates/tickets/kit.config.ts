import { defineConfig, defineMiddleware } from '@kit/kit-core';
import { generateCrudRoutes } from '@kit/kit-db';
import { authentication } from './app/lib/auth.js';
import { databaseConfig, db } from './app/lib/db.js';
import { sessionRoutes } from './app/lib/session-routes.js';
import { ticket } from './app/models/ticket.js';
import { agentsCloseWithApproval } from './app/policies/agents-close-with-approval.js';
import { membersOnly } from './app/policies/members-only.js';
import { peopleOnly } from './app/policies/people-only.js';
import { reviewersOnly } from './app/policies/reviewers-only.js';

// The database opens with the first request, so loading this file (kit verify, kit db:*) touches no data.
const openDatabase = defineMiddleware({
  name: 'open-database',
  handler: async ({ next }) => {
    await db();
    return next();
  },
});

export default defineConfig({
  info: { title: '{{title}}', version: '0.1.0', description: 'A help desk: people and their agents open, discuss and close tickets.' },
  // Where `kit db:migrate`, `kit db:push` and `kit db:status` work.
  database: databaseConfig,
  // Reading tickets is generated from the model: GET /api/tickets (filters, order, pages) and
  // GET /api/tickets/:id. Writing is in app/routes/api/tickets/, which records who opened a ticket
  // and keeps closing behind its own policy.
  routes: generateCrudRoutes(ticket, { only: ['list', 'get'], policy: 'members-only' }),
  middleware: [openDatabase, authentication],
  policies: [membersOnly, agentsCloseWithApproval, reviewersOnly, peopleOnly],
  plugins: [sessionRoutes],
});
