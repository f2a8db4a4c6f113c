import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

/** A client bundle of a test app: where it is and the chunk URL of each route file. */
export interface TestBundle {
  readonly dir: string;
  readonly chunks: Readonly<Record<string, string>>;
  readonly clientEntry: string;
  remove(): Promise<void>;
}

/**
 * Bundles a test app for the browser the way kit-dev does (ESM, code splitting, React shared): a
 * generated entry calling `hydrate()` plus one entry per route file, with React's development build
 * so hydration mismatches are reported.
 */
export async function bundleTestApp(appDir: string, files: readonly string[]): Promise<TestBundle> {
  const dir = await mkdtemp(join(tmpdir(), 'kit-react-bundle-'));
  const name = (file: string) => file.replace(/\.tsx?$/, '').replace(/[^\w-]/g, '_');
  await build({
    entryPoints: [{ in: 'kit:entry', out: 'entry' }, ...files.map((file) => ({ in: join(appDir, file), out: name(file) }))],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: dir,
    conditions: ['kit-source'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'silent',
    plugins: [
      {
        name: 'kit-entry',
        setup(plugin) {
          plugin.onResolve({ filter: /^kit:entry$/ }, () => ({ path: 'kit:entry', namespace: 'kit-entry' }));
          plugin.onLoad({ filter: /.*/, namespace: 'kit-entry' }, () => ({
            contents: "import { hydrate } from '@kit/kit-react/client';\nvoid hydrate({ loadingDelayMs: 100 });\n",
            resolveDir: appDir,
            loader: 'ts',
          }));
        },
      },
    ],
  });
  const chunks = Object.fromEntries(files.map((file) => [file, `/_kit/${name(file)}.js`]));
  return { dir, chunks, clientEntry: '/_kit/entry.js', remove: () => rm(dir, { recursive: true, force: true }) };
}
