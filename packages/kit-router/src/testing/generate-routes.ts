import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Generated route trees for tests and benchmarks: a realistic app (root layout and not-found, a marketing
 * group, an app group with middleware and sections of list / new / detail / edit pages, nested
 * sub-resources, per-section layouts, loading and error pages, docs catch-alls, JSON APIs under `api/`,
 * and helper files that are not routes), the same for the same `count` and `seed`, and free of diagnostics.
 * File contents are real modules (kit-react pages and layouts, kit-core `defineAPI` and `defineMiddleware`)
 * so an app can run the tree.
 */

/** Names of sections; past the end of the list they repeat with a number (`tickets2`). */
const sections = [
  'tickets',
  'projects',
  'customers',
  'invoices',
  'orders',
  'products',
  'reports',
  'teams',
  'users',
  'articles',
  'events',
  'assets',
  'contracts',
  'vendors',
  'shipments',
  'campaigns',
  'courses',
  'devices',
  'incidents',
  'budgets',
];
const subResources = ['comments', 'notes', 'attachments', 'tasks', 'versions', 'members'];
const marketing = ['about', 'pricing', 'contact', 'careers', 'security', 'changelog'];

/**
 * A route tree of `count` route files (`*.page.tsx` and `*.api.ts`; layouts, middleware, loading, error,
 * not-found and helper files come on top, about 40 % more files), as relative path -> file content.
 * Deterministic: the same `count` and `seed` give the same tree.
 *
 * @example
 * ```ts
 * import { generateRouteTree } from './generate-routes.js';
 *
 * const tree = generateRouteTree(1_000);
 * console.log(Object.keys(tree).filter((file) => /\.(page\.tsx|api\.ts)$/.test(file)).length); // 1000
 * ```
 */
export function generateRouteTree(count: number, seed = 1): Record<string, string> {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`generateRouteTree(count): count must be a whole number of routes, got ${count}`);
  const random = mulberry32(seed);
  const tree: Record<string, string> = {};
  let routes = 0;
  const add = (file: string, content: string): void => {
    const route = /\.(page\.tsx|api\.ts)$/.test(file);
    if (route && routes >= count) return;
    if (route) routes += 1;
    tree[file] = content;
  };

  add('_layout.tsx', layout('site', true));
  add('_error.tsx', errorPage());
  add('not-found.tsx', notFoundPage('Page'));
  add('index.page.tsx', page('Home'));
  add('(marketing)/_layout.tsx', layout('marketing'));
  add('(app)/_layout.tsx', layout('app'));
  add('(app)/_middleware.ts', middleware('app'));
  add('(app)/_loading.tsx', loadingPage());
  add('api/_middleware.ts', middleware('api'));
  for (const name of marketing) add(`(marketing)/${name}.page.tsx`, page(title(name)));
  add('(marketing)/blog/index.page.tsx', page('Blog'));
  add('(marketing)/blog/[slug].page.tsx', paramPage('Post', 'slug'));

  for (let index = 0; routes < count; index += 1) {
    const name = `${sections[index % sections.length] as string}${index < sections.length ? '' : Math.floor(index / sections.length) + 1}`;
    const label = title(name);
    const base = `(app)/${name}`;
    const nested = random() < 0.5;
    add(`${base}/index.page.tsx`, page(label));
    if (random() < 0.6) add(`${base}/new.page.tsx`, page(`New ${label}`));
    add(nested ? `${base}/[id]/index.page.tsx` : `${base}/[id].page.tsx`, paramPage(label, 'id'));
    if (random() < 0.7) add(`${base}/[id]/edit.page.tsx`, paramPage(`Edit ${label}`, 'id'));
    if (random() < 0.5) add(`${base}/_layout.tsx`, layout(name));
    if (random() < 0.3) add(`${base}/[id]/_layout.tsx`, layout(`${name}-item`));
    if (random() < 0.3) add(`${base}/_loading.tsx`, loadingPage());
    if (random() < 0.3) add(`${base}/_error.tsx`, errorPage());
    if (random() < 0.2) add(`${base}/not-found.tsx`, notFoundPage(label));
    if (random() < 0.2) add(`${base}/_middleware.ts`, middleware(name));
    if (random() < 0.5) add(`${base}/${name}-table.tsx`, helperComponent(label));
    if (random() < 0.3) add(`${base}/schemas.ts`, helperModule(name));
    if (nested) {
      const sub = subResources[Math.floor(random() * subResources.length)] as string;
      add(`${base}/[id]/${sub}/index.page.tsx`, paramPage(title(sub), 'id'));
      add(`${base}/[id]/${sub}/[itemId].page.tsx`, paramPage(title(sub), 'itemId'));
      add(`api/${name}/[id]/${sub}.api.ts`, itemApi(sub, ['id']));
    }
    add(`api/${name}/index.api.ts`, listApi(name));
    add(`api/${name}/[id].api.ts`, itemApi(name, ['id']));
    if (index % 8 === 7) {
      add(`(marketing)/docs-${name}/index.page.tsx`, page(`${label} docs`));
      add(`(marketing)/docs-${name}/[...path].page.tsx`, catchAllPage(`${label} docs`));
    }
  }
  return tree;
}

/**
 * Writes a tree (relative path -> content, as `generateRouteTree` returns) under `dir`, creating folders
 * as needed.
 *
 * @example
 * ```ts
 * import { generateRouteTree, writeRouteTree } from './generate-routes.js';
 *
 * await writeRouteTree('/tmp/bench-app/app/routes', generateRouteTree(200));
 * ```
 */
export async function writeRouteTree(dir: string, tree: Readonly<Record<string, string>>): Promise<void> {
  const folders = [...new Set(Object.keys(tree).map((file) => dirname(join(dir, file))))].sort();
  for (const folder of folders) await mkdir(folder, { recursive: true });
  await Promise.all(Object.entries(tree).map(([file, content]) => writeFile(join(dir, file), content)));
}

/** A small seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function title(name: string): string {
  const words = name.replace(/([0-9]+)$/, ' $1').split(/[-\s]/);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

function page(heading: string): string {
  return `export default function Page() {
  return (
    <main>
      <title>${heading}</title>
      <h1>${heading}</h1>
    </main>
  );
}
`;
}

function paramPage(heading: string, param: string): string {
  return `import { useLoaderData } from '@kit/kit-react';

export async function loader({ params }: { params: Readonly<Record<string, string | readonly string[]>> }) {
  return { ${param}: String(params.${param}) };
}

export default function Page() {
  const data = useLoaderData<{ ${param}: string }>();
  return (
    <main>
      <title>{\`${heading} \${data.${param}}\`}</title>
      <h1>
        ${heading} {data.${param}}
      </h1>
    </main>
  );
}
`;
}

function catchAllPage(heading: string): string {
  return `import { useLoaderData } from '@kit/kit-react';

export async function loader({ params }: { params: Readonly<Record<string, string | readonly string[]>> }) {
  const path = params.path;
  return { path: Array.isArray(path) ? path.join('/') : String(path) };
}

export default function Page() {
  const data = useLoaderData<{ path: string }>();
  return (
    <article>
      <h1>${heading}: {data.path}</h1>
    </article>
  );
}
`;
}

function layout(name: string, root = false): string {
  return `import { Outlet } from '@kit/kit-react';

export default function Layout() {
  return (
    <div className="${name}">
${root ? '      <header>Bench app</header>\n' : ''}      <Outlet />
    </div>
  );
}
`;
}

function loadingPage(): string {
  return `export default function Loading() {
  return <p aria-busy="true">Loading…</p>;
}
`;
}

function errorPage(): string {
  return `export default function ErrorPage({ error }: { error: { status: number; code: string; message: string } }) {
  return (
    <section role="alert">
      <h1>Error {error.status}</h1>
      <p>{error.message}</p>
    </section>
  );
}
`;
}

function notFoundPage(what: string): string {
  return `export default function NotFound() {
  return <h1>${what} not found</h1>;
}
`;
}

function middleware(name: string): string {
  return `import { defineMiddleware } from '@kit/kit-core';

export default defineMiddleware({
  name: '${name}',
  handler: async ({ next }) => next(),
});
`;
}

function listApi(name: string): string {
  return `import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

const item = z.strictObject({ id: z.string(), title: z.string() });

export const GET = defineAPI({
  description: 'Lists ${name}.',
  resource: '${name}',
  output: z.strictObject({ items: z.array(item) }),
  handler: async () => ({ items: [] }),
});

export const POST = defineAPI({
  description: 'Creates one of ${name}.',
  capability: 'write',
  resource: '${name}',
  input: z.strictObject({ title: z.string().min(1) }),
  output: item,
  handler: async ({ input }) => ({ id: '1', title: input.title }),
});
`;
}

function itemApi(name: string, params: readonly string[]): string {
  const fields = params.map((param) => `${param}: z.string()`).join(', ');
  return `import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

export const GET = defineAPI({
  description: 'Reads one of ${name}.',
  resource: '${name}',
  input: z.strictObject({ ${fields} }),
  output: z.strictObject({ ${fields} }),
  handler: async ({ input }) => input,
});

export const DELETE = defineAPI({
  description: 'Deletes one of ${name}.',
  capability: 'write',
  resource: '${name}',
  input: z.strictObject({ ${fields} }),
  output: z.strictObject({ deleted: z.boolean() }),
  handler: async () => ({ deleted: true }),
});
`;
}

function helperComponent(label: string): string {
  return `export function Table({ rows }: { rows: readonly { id: string; title: string }[] }) {
  return (
    <table aria-label="${label}">
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{row.title}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
`;
}

function helperModule(name: string): string {
  return `import { z } from 'zod';

export const ${name.replace(/[^A-Za-z0-9]/g, '')}Filter = z.strictObject({ q: z.string().optional() });
`;
}
