import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AnyModel } from '@kit/kit-db';
import { environmentError, errorText } from '../cli/cli-error.js';
import type { KitDbModule } from './app-kit-db.js';
import { isFolder } from './app-folder.js';
import { importTypeScript } from './import-typescript.js';

/** Where an app's models live, relative to its root. */
export const modelsFolder = 'app/models';

/** The model files of an app: `.ts` files under `app/models/`, tests and declarations left out, in path order. */
export function modelFiles(root: string): string[] {
  const folder = join(root, modelsFolder);
  if (!isFolder(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.(test|spec)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Models found in the app, and the file each came from (relative to the root). */
export interface AppModels {
  readonly models: readonly AnyModel[];
  readonly files: readonly string[];
}

function looksLikeModel(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { constructor?: { name?: unknown } }).constructor?.name === 'Model';
}

/**
 * Imports every model file and collects the models it exports (default or named `defineModel(...)`
 * results; one exported under two names counts once). Files that export no model (shared helpers)
 * are fine. A file that does not load, or a model made by another copy of kit-db, is an environment
 * error naming the file.
 */
export async function loadAppModels(root: string, kitDb: KitDbModule): Promise<AppModels> {
  const models: AnyModel[] = [];
  const files: string[] = [];
  for (const file of modelFiles(root)) {
    const shown = relative(root, file);
    let module: Readonly<Record<string, unknown>>;
    try {
      module = await importTypeScript(file);
    } catch (error) {
      throw environmentError(
        `${shown} does not load: ${errorText(error)}; fix the file (kit verify shows type errors with their lines)`,
        error,
      );
    }
    let found = false;
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof kitDb.Model) {
        if (!models.includes(value)) models.push(value);
        found = true;
      } else if (looksLikeModel(value)) {
        throw environmentError(
          `${shown}: the export "${name}" is a model made by another copy of @kit/kit-db than the app's; install one version (npm ls @kit/kit-db shows them) and import defineModel from '@kit/kit-db'`,
        );
      }
    }
    if (found) files.push(shown);
  }
  return { models, files };
}
