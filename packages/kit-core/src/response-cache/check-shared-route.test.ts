import { describe, expect, it } from 'vitest';
import { defineAPI } from '../definitions/define-api.js';
import { checkSharedRoute, type SharingContext } from './check-shared-route.js';

const open: SharingContext = { authentication: [], cacheable: undefined };
const shared = defineAPI({ cache: 'shared', handler: async () => ({ ok: true }) });
const guarded = defineAPI({ policy: 'staff-only', handler: async () => ({ ok: true }) });

describe('checkSharedRoute', () => {
  it('lets a shared GET route through in an app without authentication', () => {
    expect(() => checkSharedRoute('GET', '/api/countries', shared, open)).not.toThrow();
    expect(() => checkSharedRoute('GET', '/api/report', guarded, open)).not.toThrow();
  });

  it('refuses a shared route that is not a GET', () => {
    expect(() => checkSharedRoute('POST', '/api/countries', shared, open)).toThrow(
      `createKitApp: route "POST /api/countries" is declared cache: 'shared', which only a GET route can be; remove it from this route`,
    );
  });

  it('refuses a shared route under a policy, naming the route, the policy and the fix', () => {
    const sharedAndGuarded = defineAPI({ cache: 'shared', policy: 'staff-only', handler: async () => ({ ok: true }) });
    expect(() => checkSharedRoute('GET', '/api/report', sharedAndGuarded, open)).toThrow(
      /^createKitApp: route "GET \/api\/report" is declared cache: 'shared' but is guarded by policy "staff-only".*remove cache: 'shared'/,
    );
  });

  it('refuses a shared route in an app that authenticates its callers', () => {
    expect(() => checkSharedRoute('GET', '/api/countries', shared, { authentication: ['auth'], cacheable: undefined })).toThrow(
      /route "GET \/api\/countries" is declared cache: 'shared' but the app authenticates its callers \(middleware "auth"\)/,
    );
  });

  it('refuses a cacheable predicate that accepts the path of a route under a policy', () => {
    const context: SharingContext = { authentication: [], cacheable: (path) => path.startsWith('/api/') };
    expect(() => checkSharedRoute('GET', '/api/report', guarded, context)).toThrow(
      'createKitApp: responseCache.cacheable accepts "/api/report", but its route "GET /api/report" is guarded by policy "staff-only"',
    );
    expect(() => checkSharedRoute('GET', '/api/report/:id', guarded, context)).not.toThrow();
  });
});
