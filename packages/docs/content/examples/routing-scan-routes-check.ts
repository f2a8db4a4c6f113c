// ---
// title: Checking route discovery with scanRoutes and matchRoute
// description: A check script that scans a routes folder with scanRoutes, fails on error diagnostics, and asserts with matchRoute which file and params serve each important URL (and that unknown URLs match nothing); here it runs against a small route tree it writes to a temporary folder.
// topics: [routing, testing, deployment]
// relatedDocs: /docs/routing#scanroutes
// ---
// scripts/check-routes.ts - run with: npx tsx scripts/check-routes.ts
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { matchRoute, scanRoutes } from '@kit/kit-router';

/** URL -> the file that must serve it and its params, or null for "no route". */
type Expectations = Record<string, { file: string; params: Record<string, string | string[]> } | null>;

/** The problems of a routes folder: error diagnostics, and URLs that reach the wrong file. */
export async function checkRoutes(dir: string, expected: Expectations): Promise<string[]> {
  const manifest = await scanRoutes(dir);
  const problems: string[] = [];
  for (const diagnostic of manifest.diagnostics) {
    const line = `${diagnostic.severity} ${diagnostic.code} (${diagnostic.files.join(', ')}): ${diagnostic.message}. ${diagnostic.fix}`;
    if (diagnostic.severity === 'error') problems.push(line);
    else console.warn(line);
  }
  for (const route of manifest.routes) console.log(`${route.kind.padEnd(4)} ${route.pattern.padEnd(20)} ${route.file}`);

  for (const [url, want] of Object.entries(expected)) {
    const match = matchRoute(url, manifest); // { route, params } or null
    const got = match === null ? null : { file: match.route.file, params: match.params };
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${url}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  return problems;
}

// A small app/routes tree. In a project, call checkRoutes('app/routes', ...) instead.
const dir = await mkdtemp(join(tmpdir(), 'kit-routes-'));
const files: Record<string, string> = {
  '_layout.tsx': "import { Outlet } from '@kit/kit-react';\nexport default function Root() { return <Outlet />; }\n",
  'index.page.tsx': 'export default function Home() { return <h1>Home</h1>; }\n',
  'not-found.tsx': 'export default function NotFound() { return <h1>Not found</h1>; }\n',
  'tickets/index.page.tsx': 'export default function Tickets() { return <h1>Tickets</h1>; }\n',
  'tickets/new.page.tsx': 'export default function NewTicket() { return <h1>New ticket</h1>; }\n',
  'tickets/[id].page.tsx': 'export default function Ticket() { return <h1>Ticket</h1>; }\n',
  'tickets/schemas.ts': 'export const helper = true;\n', // a helper: ignored
  '(admin)/users.page.tsx': 'export default function Users() { return <h1>Users</h1>; }\n',
  'docs/[...path].page.tsx': 'export default function Docs() { return <h1>Docs</h1>; }\n',
  'api/tickets/index.api.ts': "import { defineAPI } from '@kit/kit-core';\nexport const GET = defineAPI({ handler: async () => ({ tickets: [] }) });\n",
};
for (const [file, source] of Object.entries(files)) {
  await mkdir(dirname(join(dir, file)), { recursive: true });
  await writeFile(join(dir, file), source);
}

try {
  const problems = await checkRoutes(dir, {
    '/': { file: 'index.page.tsx', params: {} },
    '/tickets/': { file: 'tickets/index.page.tsx', params: {} },
    '/tickets/new': { file: 'tickets/new.page.tsx', params: {} }, // static beats dynamic
    '/tickets/42?tab=history': { file: 'tickets/[id].page.tsx', params: { id: '42' } },
    '/users': { file: '(admin)/users.page.tsx', params: {} }, // a group adds no segment
    '/docs/guides/setup': { file: 'docs/[...path].page.tsx', params: { path: ['guides', 'setup'] } },
    '/api/tickets': { file: 'api/tickets/index.api.ts', params: {} },
    '/nothing-here': null, // answered by not-found.tsx
  });
  for (const problem of problems) console.error(problem);
  console.log(problems.length === 0 ? 'routes ok' : `${problems.length} route problems`);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
