import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importTypeScript } from './import-typescript.js';

/** The functions of kit-db the commands use. */
export type KitDbModule = typeof import('@kit/kit-db');

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/**
 * The `@kit/kit-db` the app's own files import. Models are checked with `instanceof`, so the
 * functions given them must come from the very copy of kit-db that made them: a one-line module in
 * the app's `.kit/cli/` folder re-exports it, and is loaded the way the models are, so the name
 * resolves from the app's folder with the same loader and conditions. An app without kit-db gets the
 * CLI's own (it has no models then).
 */
export async function appKitDb(root: string): Promise<KitDbModule> {
  const folder = join(root, '.kit', 'cli');
  const shim = join(folder, 'kit-db.mjs');
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(shim, "// Written by kit: re-exports the app's own @kit/kit-db for the kit command.\nexport * from '@kit/kit-db';\n");
  } catch {
    // A folder kit cannot write to: the app's models (if any) then need the same kit-db as the CLI.
    return import('@kit/kit-db');
  }
  try {
    return (await importTypeScript(shim)) as unknown as KitDbModule;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return import('@kit/kit-db');
  }
}
