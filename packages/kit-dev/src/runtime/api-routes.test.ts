import { defineAPI } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitDevError } from '../errors/kit-dev-error.js';
import { apiRoutesOf } from './api-routes.js';

const handler = async () => ({ ok: true });

describe('apiRoutesOf', () => {
  it('registers each method export at the pattern and ignores helpers', () => {
    const module = {
      GET: defineAPI({ handler }),
      DELETE: defineAPI({ capability: 'write', handler }),
      schema: { handler: 'not a function' },
      helper: () => 1,
    };
    expect(apiRoutesOf('tickets/[id].api.ts', '/tickets/:id', module).map(([key]) => key)).toEqual([
      'GET /tickets/:id',
      'DELETE /tickets/:id',
    ]);
  });

  it('registers a default export as GET when it reads and POST when it writes or calls out', () => {
    expect(apiRoutesOf('a.api.ts', '/a', { default: defineAPI({ handler }) })[0]![0]).toBe('GET /a');
    expect(apiRoutesOf('a.api.ts', '/a', { default: defineAPI({ capability: 'read', handler }) })[0]![0]).toBe('GET /a');
    expect(apiRoutesOf('a.api.ts', '/a', { default: defineAPI({ capability: 'write', handler }) })[0]![0]).toBe('POST /a');
    expect(apiRoutesOf('a.api.ts', '/a', { default: defineAPI({ capability: 'external', handler }) })[0]![0]).toBe('POST /a');
  });

  it('refuses a file that serves nothing, a method export that is not a definition and a method defined twice', () => {
    const none = thrownBy(() => apiRoutesOf('helpers.api.ts', '/helpers', { helper: 1 }), KitDevError);
    expect(none).toMatchObject({ code: 'load_failed', location: { file: 'helpers.api.ts', line: 1, column: 1 } });
    expect((none as Error).message).toContain(
      'helpers.api.ts: an API route file must export a defineAPI definition as GET, POST, PUT, PATCH or DELETE',
    );
    expect(thrownBy(() => apiRoutesOf('b.api.ts', '/b', { POST: () => 1 }), KitDevError)).toMatchObject({
      code: 'load_failed',
      message: expect.stringContaining('the export POST is not a defineAPI definition'),
    });
    expect(
      thrownBy(() => apiRoutesOf('b.api.ts', '/b', { GET: defineAPI({ handler }), default: defineAPI({ handler }) }), KitDevError),
    ).toMatchObject({ code: 'duplicate_route' });
  });
});
