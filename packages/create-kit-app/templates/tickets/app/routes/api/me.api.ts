import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';
import { callerName } from '../../lib/auth.js';

// GET /api/me: who the app thinks is calling. Handy for an agent checking its key.
export default defineAPI({
  description: 'Tells who is calling: a person, an agent (API key) or nobody, with the permissions.',
  capability: 'read',
  input: z.strictObject({}),
  output: z.strictObject({
    authType: z.enum(['human', 'agent', 'anonymous']),
    name: z.string().nullable(),
    permissions: z.array(z.string()),
  }),
  handler: async ({ ctx }) => ({
    authType: ctx.authType === 'human' || ctx.authType === 'agent' ? ctx.authType : 'anonymous',
    name: ctx.auth ? callerName(ctx) : null,
    permissions: [...(ctx.auth?.permissions ?? [])],
  }),
});
