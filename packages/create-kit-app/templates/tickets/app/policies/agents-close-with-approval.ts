import { definePolicy } from '@kit/kit-core';

/**
 * An agent may close a ticket only once a person approved it: its call is answered 202 with an
 * approval to wait for, an admin approves or denies it on /approvals, and the agent sends the same
 * call again to close the ticket. People close tickets directly.
 */
export const agentsCloseWithApproval = definePolicy({
  key: 'agents-close-with-approval',
  title: 'A person approves before an agent closes a ticket',
  effect: 'approve',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'closing a ticket ends the conversation with its requester; a person checks the resolution first' }),
});

export default agentsCloseWithApproval;
