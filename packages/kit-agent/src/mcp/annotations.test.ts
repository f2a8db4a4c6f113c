import { CapabilityRegistry, defineAPI, type Capability, type HttpMethod } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { toolAnnotations } from './annotations.js';

function hints(method: HttpMethod, capability?: Capability) {
  const registry = new CapabilityRegistry();
  const route = registry.register(method, '/api/x', defineAPI({ ...(capability ? { capability } : {}), handler: async () => ({}) }));
  return toolAnnotations(route);
}

describe('toolAnnotations', () => {
  it('marks read routes, and routes without a capability, read-only and closed-world', () => {
    expect(hints('GET')).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(hints('POST', 'read')).toEqual({ readOnlyHint: true, openWorldHint: false });
  });

  it('gives write routes the effect of their method', () => {
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => hints(method as HttpMethod, 'write'))).toEqual([
      { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    ]);
  });

  it('opens the world of external routes', () => {
    expect(hints('DELETE', 'external')).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true });
  });
});
