// ---
// title: Checking route discovery with scanRoutes and matchRoute
// description: A build-time script that scans the route directory with scanRoutes, prints the manifest and its diagnostics, and checks with matchRoute which route serves each important URL.
// topics: [routing, testing, deployment]
// relatedDocs: /docs/routing#scanroutes
// ---
// scripts/check-routes.ts - run with: npx tsx scripts/check-routes.ts
import { matchRoute, scanRoutes } from '@kit/kit-router';

const ROUTES_DIR = 'src/routes';
const MUST_RESOLVE = ['/api/tickets', '/tickets', '/admin/users'];

// await works whether scanRoutes is synchronous or not.
const manifest = await scanRoutes(ROUTES_DIR);

// The manifest carries the routes found and the diagnostics about files that could not be used.
// Its exact shape is in the type declaration; print it to see how your files were read.
console.log(JSON.stringify(manifest, null, 2));

for (const url of MUST_RESOLVE) {
  // matchRoute applies the same rules the server uses for every request.
  const match = matchRoute(url, manifest);
  // Treating a falsy result as "no route" is an assumption: the reference leaves the no-match value open.
  console.log(`${url} ->`, match ?? 'no route');
  if (!match) process.exitCode = 1;
}
