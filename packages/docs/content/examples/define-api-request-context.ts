// ---
// title: Reading the request context in a handler
// description: Uses the KitContext passed to every handler to tell humans, agents and anonymous callers apart, read a request header and tag the answer with the request id.
// topics: [defineAPI, authentication]
// relatedDocs: /docs/core-concepts#handler-and-kitcontext
// ---
import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

export default defineAPI({
  description: 'Tells the caller how the framework sees them: anonymous, human or agent.',
  capability: 'read',
  output: z.object({
    requestId: z.string(),
    authType: z.enum(['anonymous', 'human', 'agent']),
    greeting: z.string(),
    userAgent: z.string().nullable(),
  }),
  handler: async ({ ctx }) => {
    const greeting =
      ctx.authType === 'agent'
        ? 'Hello, agent. Every route you may call is listed as a tool.'
        : ctx.authType === 'human'
          ? 'Welcome back.'
          : 'Hello. Sign in to see your tickets.';
    return {
      requestId: ctx.requestId,
      authType: ctx.authType,
      greeting,
      // The original web Request is available for anything the schema does not carry.
      userAgent: ctx.request.headers.get('user-agent'),
    };
  },
});
