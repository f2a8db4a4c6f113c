import { checkPermission } from '@kit/kit-auth';
import { definePolicy } from '@kit/kit-core';

/** Tickets are for people who signed in and for their agents (`tickets:*`), never for anonymous callers. */
export const membersOnly = definePolicy({
  key: 'members-only',
  title: 'Only signed-in people and their agents use tickets',
  effect: 'deny',
  check: async ({ ctx }) => ({
    applies: ctx.auth === undefined || !checkPermission('tickets:*', ctx.auth.permissions),
    reason: 'sign in, or send an API key as Authorization: Bearer kit_...',
  }),
});

export default membersOnly;
