import { build } from 'esbuild';

/**
 * Bundles `contents` (TypeScript that imports kit-db's sources by path, resolved from `resolveDir`) into one
 * CommonJS file at `outfile`, for tests that run kit-db in processes of their own: a bundled child starts in
 * a fraction of a second. The database drivers stay outside the bundle and load from the repository.
 */
export async function bundleChildScript(contents: string, resolveDir: string, outfile: string): Promise<void> {
  await build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    conditions: ['kit-source'],
    external: ['better-sqlite3', '@libsql/client', 'libsql', 'pg', 'pg-native', 'mysql2'],
    logLevel: 'error',
  });
}
