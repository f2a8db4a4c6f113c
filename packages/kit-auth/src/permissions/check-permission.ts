import { KitAuthError } from '../errors/kit-auth-error.js';

/** A permission split at its last colon: `tickets:comments:create` is resource `tickets:comments`, action `create`. */
interface Permission {
  readonly resource: string;
  readonly action: string;
}

// A name segment: letters, digits, '_', '-', '.'. `*` is only ever a whole resource or a whole action.
const segment = /^[A-Za-z0-9_.-]+$/;

function parse(permission: unknown): Permission | null {
  if (typeof permission !== 'string') return null;
  if (permission === '*') return { resource: '*', action: '*' };
  const colon = permission.lastIndexOf(':');
  if (colon <= 0) return null;
  const resource = permission.slice(0, colon);
  const action = permission.slice(colon + 1);
  if (action !== '*' && !segment.test(action)) return null;
  if (resource !== '*' && !resource.split(':').every((part) => segment.test(part))) return null;
  return { resource, action };
}

/**
 * Whether the `granted` permissions cover the `required` one. Permissions are `resource:action`; the action is
 * what follows the LAST colon, so resources may nest (`tickets:comments:create` is action `create` on resource
 * `tickets:comments`). A grant covers a permission when its resource is `*` or the same resource, and its action
 * `*` or the same action: `*` (alone, everything), `tickets:*` (every action on `tickets`, but not on the nested
 * `tickets:comments`: grant `tickets:comments:*` for that), `*:read` (reading any resource, nested ones too).
 * Matching is exact and case-sensitive. Malformed grants are ignored (they never grant anything); a malformed
 * `required` is a programming error and throws `KitAuthError` `permission_malformed`.
 *
 * @example
 * ```ts
 * import { checkPermission } from '@kit/kit-auth';
 *
 * checkPermission('tickets:delete', ['tickets:read', 'tickets:*']); // true
 * checkPermission('tickets:comments:create', ['tickets:*']); // false
 * checkPermission('tickets:comments:read', ['*:read']); // true
 * ```
 */
export function checkPermission(required: string, granted: readonly string[]): boolean {
  const wanted = parse(required);
  if (wanted === null) {
    throw new KitAuthError(
      'permission_malformed',
      `checkPermission: the required permission ${JSON.stringify(required)} is not "resource:action"; ` +
        'use letters, digits, "_", "-" or "." in each part, such as "tickets:read" or "tickets:comments:create".',
    );
  }
  if (!Array.isArray(granted)) return false;
  for (const entry of granted as readonly unknown[]) {
    const grant = parse(entry);
    if (grant === null) continue;
    if ((grant.resource === '*' || grant.resource === wanted.resource) && (grant.action === '*' || grant.action === wanted.action))
      return true;
  }
  return false;
}
