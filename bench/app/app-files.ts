/** The route files of the bench app: a layout and a page importing the shared tree by absolute path. */
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
  };
}
