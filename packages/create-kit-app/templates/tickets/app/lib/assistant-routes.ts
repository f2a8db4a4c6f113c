import { harnessRoutes } from '@kit/kit-agent';
import { defineAPI, defineMiddleware, definePlugin } from '@kit/kit-core';
import { z } from 'zod';
import { assistantRuns, assistantSetup, startAssistantWorker, stopAssistant, useRegistry } from './assistant.js';
import { callerName } from './auth.js';

// The assistant's routes under /api/assistant/runs: start a run, follow it (Server-Sent Events), pause,
// resume, cancel it, and decide the close it waits on. Each run belongs to the person who started it;
// agents with keys and other people get a 404 for it. Deciding a held close is for admins, as on
// /approvals: it decides that same approval. They are HTTP routes for the app's pages, not agents' tools.
export const assistantRoutes = definePlugin({
  name: 'assistant',
  routes: {
    'GET /api/assistant': defineAPI({
      description: 'Whether the ticket assistant has a model, and if not, how to give it one.',
      policy: 'members-only',
      cache: 'no-store',
      input: z.strictObject({}),
      output: z.union([
        z.strictObject({ ready: z.literal(true), model: z.string() }),
        z.strictObject({ ready: z.literal(false), howToConfigure: z.string() }),
      ]),
      handler: async () => assistantSetup(),
    }),
    ...harnessRoutes(assistantRuns(), {
      basePath: '/api/assistant/runs',
      resource: 'assistant-runs',
      policy: 'members-only',
      owner: (ctx) => (ctx.authType === 'human' ? ctx.auth?.subject : undefined),
      decidePolicy: 'reviewers-only',
      decidedBy: callerName,
      // Runs are started and followed from the ticket page by the signed-in person who owns them: agents
      // would see the routes as tools and always be refused, so their MCP tools and A2A skills are left out.
      agents: false,
    }),
  },
  // The worker that takes over runs of a server that stopped starts with the app's first request.
  middleware: [
    defineMiddleware({
      name: 'assistant-worker',
      handler: async ({ next }) => {
        startAssistantWorker();
        return next();
      },
    }),
  ],
  setup: (app) => useRegistry(app.registry),
  close: () => stopAssistant(),
});
