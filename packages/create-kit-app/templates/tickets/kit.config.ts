import { defineConfig, defineMiddleware } from '@kit/kit-core';
import { generateCrudRoutes } from '@kit/kit-db';
import { createOpsStore, opsMiddleware } from '@kit/kit-ops';
import { authentication } from './app/lib/auth.js';
import { databaseConfig, db } from './app/lib/db.js';
import { assistantRoutes } from './app/lib/assistant-routes.js';
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

// Every request is recorded in the ops store (.kit/ops.sqlite, or KIT_OPS_STORE), which `kit ops:events`,
// `ops:incidents`, `ops:health` and `ops:tail` read.
const ops = createOpsStore({ path: process.env.KIT_OPS_STORE || '.kit/ops.sqlite' });

export default defineConfig({
  info: { title: '{{title}}', version: '0.1.0', description: 'A help desk: people and their agents open, discuss and close tickets.' },
  // Where `kit db:migrate`, `kit db:push` and `kit db:status` work.
  database: databaseConfig,
  // Reading tickets is generated from the model: GET /api/tickets (filters, order, pages) and
  // GET /api/tickets/:id. Writing is in app/routes/api/tickets/, which records who opened a ticket
  // and keeps closing behind its own policy.
  routes: generateCrudRoutes(ticket, { only: ['list', 'get'], policy: 'members-only' }),
  middleware: [opsMiddleware(ops), openDatabase, authentication],
  policies: [membersOnly, agentsCloseWithApproval, reviewersOnly, peopleOnly],
  // The sign-in, sign-up and sign-out forms are mounted endpoints: kit refuses their posts when they come
  // from another site's page, and bodies over 64 KiB, as for the API. Add `trustedOrigins: [...]` for other
  // origins whose pages may post here, and `securityHeaders` to change the pages' Content-Security-Policy.
  // The ticket assistant (app/lib/assistant.ts) adds its runs' routes under /api/assistant/runs.
  plugins: [sessionRoutes, assistantRoutes],
  // A page that needs a signed-in person sends a signed-out visitor here, and back after signing in.
  signInPage: '/login',
});
