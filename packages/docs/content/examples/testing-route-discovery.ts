// ---
// title: A test that important URLs reach the right route files
// description: A vitest file that scans the route directory once and asserts with matchRoute that each important URL is served, catching a renamed or misnamed route file before users do.
// topics: [testing, routing]
// relatedDocs: /docs/testing#testing-route-discovery
// ---
import { matchRoute, scanRoutes } from '@kit/kit-router';
import { beforeAll, describe, expect, it } from 'vitest';

let manifest: Awaited<ReturnType<typeof scanRoutes>>;

beforeAll(async () => {
  manifest = await scanRoutes('src/routes');
});

describe('route discovery', () => {
  it.each(['/api/tickets', '/api/projects', '/tickets', '/admin/users'])('serves %s', (url) => {
    // The reference does not say what matchRoute returns for an unmatched URL; this test assumes
    // no match is a falsy value - check matchRoute's type in your version.
    expect(matchRoute(url, manifest)).toBeTruthy();
  });
});
