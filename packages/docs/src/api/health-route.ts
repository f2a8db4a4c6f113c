import { defineAPI } from '@kit/kit-core';
import type { ContentStore } from '../service/state.js';
import { healthOutput } from './schemas.js';

/**
 * `GET /api/health`: `ok`, or `degraded` while a failed reload left the previous content serving.
 * Its answer carries the time of the call, so it is `no-store` without an ETag: a cache must never
 * answer a health check with an earlier one.
 */
export function healthRoute(store: ContentStore) {
  return defineAPI({
    description:
      'Reports whether the service is healthy: status ok, or degraded when the last content reload failed and the previous content is still served.',
    capability: 'read',
    resource: 'health',
    cache: 'no-store',
    output: healthOutput,
    handler: async () => ({ status: store.status, timestamp: new Date().toISOString() }),
  });
}
