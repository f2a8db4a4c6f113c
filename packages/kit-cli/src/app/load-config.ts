import { join } from 'node:path';
import type { KitConfig } from '@kit/kit-core';
import { environmentError, errorText } from '../cli/cli-error.js';
import { isFile } from './app-folder.js';
import { importTypeScript } from './import-typescript.js';

/** The file name of an app's configuration. */
export const configFileName = 'kit.config.ts';

/**
 * The default export of `<root>/kit.config.ts`, or null when the app has none. A file that throws
 * while loading, or exports no object, is an environment error naming it.
 */
export async function loadAppConfig(root: string): Promise<KitConfig | null> {
  const file = join(root, configFileName);
  if (!isFile(file)) return null;
  let module: Readonly<Record<string, unknown>>;
  try {
    module = await importTypeScript(file);
  } catch (error) {
    throw environmentError(
      `${configFileName} does not load: ${errorText(error)}; fix it (kit verify shows type errors with their lines)`,
      error,
    );
  }
  const config = module.default;
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw environmentError(
      `${configFileName} must export the app's configuration as its default export (export default defineConfig({ ... })), got ${config === undefined ? 'no default export' : Array.isArray(config) ? 'an array' : typeof config}`,
    );
  }
  return config as KitConfig;
}
