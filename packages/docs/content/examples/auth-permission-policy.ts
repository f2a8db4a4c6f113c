// ---
// title: Permission checks with checkPermission in a policy
// description: Grants resource:action permissions per auth type, including a wildcard, and denies a call when checkPermission says the granted permissions do not cover the one the route requires.
// topics: [authentication, policy]
// relatedDocs: /docs/authentication#checkpermission
// ---
import { checkPermission } from '@kit/kit-auth';
import { definePolicy, type KitContext } from '@kit/kit-core';

// In a real application these come from the caller's role in your user or agent records.
function grantedPermissions(ctx: KitContext): string[] {
  switch (ctx.authType) {
    case 'human':
      return ['tickets:*', 'comments:*'];
    case 'agent':
      return ['tickets:read', 'comments:create'];
    default:
      return ['tickets:read'];
  }
}

// One policy per required permission keeps each rule readable in the policy list.
export function requirePermission(required: string) {
  return definePolicy({
    key: `requires-${required.replace(':', '-')}`,
    title: `Caller must hold ${required}`,
    effect: 'deny',
    check: async ({ ctx }) =>
      checkPermission(required, grantedPermissions(ctx))
        ? { applies: false }
        : { applies: true, reason: `Missing permission ${required}.` },
  });
}

export const canDeleteTickets = requirePermission('tickets:delete');
export const canCreateComments = requirePermission('comments:create');
