import { checkPermission } from '@kit/kit-auth';
import { definePolicy } from '@kit/kit-core';

/** Only people with `approvals:decide` (admins) see and decide what agents ask to do. */
export const reviewersOnly = definePolicy({
  key: 'reviewers-only',
  title: 'Only reviewers decide approvals',
  effect: 'deny',
  check: async ({ ctx }) => ({
    applies: ctx.authType !== 'human' || !checkPermission('approvals:decide', ctx.auth?.permissions ?? []),
    reason: 'only an admin who signed in reviews approvals',
  }),
});

export default reviewersOnly;
