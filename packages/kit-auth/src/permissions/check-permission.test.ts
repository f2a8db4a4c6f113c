import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { checkPermission } from './check-permission.js';

describe('checkPermission', () => {
  const table: [required: string, granted: string[], expected: boolean][] = [
    ['tickets:read', ['tickets:read'], true],
    ['tickets:read', ['tickets:write'], false],
    ['tickets:read', [], false],
    ['tickets:delete', ['tickets:read', 'tickets:*'], true],
    ['tickets:read', ['*'], true],
    ['tickets:read', ['*:*'], true],
    ['tickets:read', ['*:read'], true],
    ['tickets:write', ['*:read'], false],
    ['comments:read', ['tickets:*'], false],
    ['tickets:read', ['Tickets:read'], false],
    // Nested resources: the action is what follows the last colon.
    ['tickets:comments:create', ['tickets:comments:create'], true],
    ['tickets:comments:create', ['tickets:comments:*'], true],
    ['tickets:comments:create', ['tickets:*'], false],
    ['tickets:comments:read', ['*:read'], true],
    ['tickets:comments:create', ['tickets:create'], false],
    // A required wildcard needs a grant at least as wide.
    ['tickets:*', ['tickets:read'], false],
    ['tickets:*', ['tickets:*'], true],
    ['tickets:*', ['*'], true],
    ['*', ['tickets:*'], false],
    ['*', ['*'], true],
    // Malformed grants never grant anything.
    ['tickets:read', ['tickets', 'tickets:', ':read', 'tick*:read', 'tickets: read', 'tickets:re*', '', 'tickets::read'], false],
    ['tickets:read', [42 as unknown as string, null as unknown as string, 'tickets:read'], true],
  ];

  it.each(table)('%s with %j is %s', (required, granted, expected) => {
    expect(checkPermission(required, granted)).toBe(expected);
  });

  it('answers false when granted is not a list', () => {
    expect(checkPermission('tickets:read', 'tickets:read' as unknown as string[])).toBe(false);
  });

  it('throws permission_malformed for a malformed required permission', () => {
    for (const required of ['tickets', 'tickets:', ':read', 'tickets read', 'tickets: read', 'tickets::read', '', 'a:b*']) {
      const error = thrownBy(() => checkPermission(required, ['*']), KitAuthError);
      expect(error.code, required).toBe('permission_malformed');
      expect(error.message).toContain(JSON.stringify(required));
    }
  });
});
