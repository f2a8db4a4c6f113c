// ---
// title: A deny policy for anonymous callers
// description: Defines a policy whose deny effect applies when the caller is anonymous, and attaches it to every route that changes data through the route's policy field.
// topics: [policy]
// relatedDocs: /docs/policies-and-approvals#definepolicy
// ---
import { defineAPI, defineConfig, definePolicy } from '@kit/kit-core';
import { z } from 'zod';

export const signedInToWrite = definePolicy({
  key: 'signed-in-to-write',
  title: 'Only signed-in humans and agents with a key may change data',
  effect: 'deny',
  // check() answers one question: does this policy's effect apply to this call?
  check: async ({ ctx }) => {
    if (ctx.authType !== 'anonymous') return { applies: false };
    return { applies: true, reason: 'Anonymous callers cannot change data.' };
  },
});

const createComment = defineAPI({
  description: 'Adds a comment to a ticket.',
  capability: 'write',
  resource: 'comments',
  policy: 'signed-in-to-write',
  input: z.object({ ticketId: z.string(), body: z.string().min(1).max(2000) }),
  output: z.object({ ticketId: z.string(), length: z.number() }),
  handler: async ({ input }) => ({ ticketId: input.ticketId, length: input.body.length }),
});

export default defineConfig({
  routes: { 'POST /api/comments': createComment },
  policies: [signedInToWrite],
});
