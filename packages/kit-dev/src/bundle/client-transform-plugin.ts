import { readFile } from 'node:fs/promises';
import { basename, extname, relative, sep } from 'node:path';
import type { Loader, Plugin } from 'esbuild';
import { stripForClient, type TypeScriptApi } from './strip-for-client.js';

const loaders: Record<string, Loader> = {
  '.ts': 'ts',
  '.tsx': 'tsx',
  '.mts': 'ts',
  '.cts': 'ts',
  '.js': 'js',
  '.jsx': 'jsx',
  '.mjs': 'js',
  '.cjs': 'js',
};

/** Page and layout files may export a `loader`, which runs on the server only. */
function mayHaveLoader(file: string, routesDir: string): boolean {
  const inside = relative(routesDir, file);
  if (inside.startsWith('..') || inside.startsWith(sep)) return false;
  const name = basename(file);
  return name === '_layout.tsx' || name.endsWith('.page.tsx');
}

/**
 * The browser build's view of the app's own sources: `ServerOnly` children and route loaders removed
 * (see `stripForClient`), so what only they import never reaches a client chunk. Packages are left as
 * they are.
 */
export function clientTransformPlugin(ts: TypeScriptApi, routesDir: string): Plugin {
  return {
    name: 'kit-client-transform',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.namespace !== 'file' || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const stripped = stripForClient(ts, source, args.path, { stripLoader: mayHaveLoader(args.path, routesDir) });
        if (stripped === null) return { contents: source, loader: loaders[extname(args.path)] ?? 'tsx' };
        return { contents: stripped, loader: loaders[extname(args.path)] ?? 'tsx' };
      });
    },
  };
}
