// ---
// title: Permission checks with checkPermission in a policy
// description: A deny policy that applies when the caller's ctx.auth.permissions do not cover the permission a route requires, with wildcard grants such as tickets:* and *:read, and what a nested resource like tickets:comments needs.
// topics: [authentication, policy]
// relatedDocs: /docs/authentication#checkpermission
// ---
import { checkPermission } from '@kit/kit-auth';
import { definePolicy, type KitContext } from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';

// One policy per required permission keeps each rule readable in the policy list.
export function requirePermission(required: string) {
  return definePolicy({
    key: `requires-${required.replaceAll(':', '-')}`,
    title: `Caller must hold ${required}`,
    effect: 'deny',
    // ctx.auth.permissions come from the session's permissions claim (or findUser), the API key's record,
    // or findWorkload; anonymous callers have none.
    check: async ({ ctx }) =>
      checkPermission(required, ctx.auth?.permissions ?? [])
        ? { applies: false }
        : { applies: true, reason: `Missing permission ${required}.` },
  });
}

export const canDeleteTickets = requirePermission('tickets:delete');
export const canCommentOnTickets = requirePermission('tickets:comments:create');

// The action is what follows the last colon: tickets:* covers tickets:delete but not tickets:comments:create.
const agent: KitContext = {
  ...contextFor(new Request('http://localhost/api/tickets/1'), 'agent'),
  auth: { subject: 'agent:triage-bot', method: 'api_key', permissions: ['tickets:*', '*:read'] },
};
console.log(await canDeleteTickets.check({ ctx: agent })); // { applies: false }
console.log(await canCommentOnTickets.check({ ctx: agent })); // { applies: true, reason: 'Missing permission tickets:comments:create.' }
console.log(checkPermission('tickets:comments:read', ['*:read'])); // true
