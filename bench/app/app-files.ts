/** The route files of the bench app: a layout and a page importing the shared tree by absolute path, and the page again with `cache`. */
import { fileURLToPath } from 'node:url';

const treeModule = fileURLToPath(new URL('./tree.tsx', import.meta.url));

export function benchAppFiles(): Record<string, string> {
  return {
    'app/routes/_layout.tsx': [
      `import { Outlet } from '@kit/kit-react';`,
      `import { Frame } from ${JSON.stringify(treeModule)};`,
      `export default function Layout() { return <Frame><Outlet /></Frame>; }`,
    ].join('\n'),
    'app/routes/index.page.tsx': [
      `import { useLoaderData } from '@kit/kit-react';`,
      `import { benchRows, RowTable, type BenchRow } from ${JSON.stringify(treeModule)};`,
      `export function loader() { return { rows: benchRows() }; }`,
      `export default function Page() { const { rows } = useLoaderData<{ rows: BenchRow[] }>(); return <><title>Bench</title><RowTable rows={rows} /></>; }`,
    ].join('\n'),
    // The same page, kept by the server for a minute: what every visitor who is not signed in is served.
    'app/routes/cached.page.tsx': [
      `import { useLoaderData } from '@kit/kit-react';`,
      `import { benchRows, RowTable, type BenchRow } from ${JSON.stringify(treeModule)};`,
      `export const cache = { revalidate: 60 };`,
      `export function loader() { return { rows: benchRows() }; }`,
      `export default function Page() { const { rows } = useLoaderData<{ rows: BenchRow[] }>(); return <><title>Bench</title><RowTable rows={rows} /></>; }`,
    ].join('\n'),
  };
}
