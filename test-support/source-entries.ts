import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Every entry point of the workspace's packages, subpaths included (`@kit/kit-react/server`), by the
 * specifier an app imports, with the TypeScript source the `kit-source` condition of its `exports` names.
 * Read from the packages' manifests, so a new entry point is checked without being listed again here.
 */
export function sourceEntries(repositoryRoot: string): ReadonlyMap<string, string> {
  const entries = new Map<string, string>();
  const packagesDir = join(repositoryRoot, 'packages');
  for (const folder of readdirSync(packagesDir).sort()) {
    let manifest: { name?: string; exports?: Record<string, unknown> };
    try {
      manifest = JSON.parse(readFileSync(join(packagesDir, folder, 'package.json'), 'utf8')) as typeof manifest;
    } catch {
      continue;
    }
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = typeof target === 'object' && target !== null ? (target as Record<string, unknown>)['kit-source'] : undefined;
      if (typeof source !== 'string' || manifest.name === undefined) continue;
      entries.set(subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, resolve(packagesDir, folder, source));
    }
  }
  return entries;
}
