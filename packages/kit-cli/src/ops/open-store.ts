import { resolve } from 'node:path';
import type { OpsStore } from '@kit/kit-ops';
import { environmentError, errorText } from '../cli/cli-error.js';
import type { CommandContext, OptionSpec } from '../cli/command.js';
import { isFile } from '../app/app-folder.js';

/** Where an app's ops store is, unless `--store` or `KIT_OPS_STORE` says otherwise (kit-ops' documented place). */
export const defaultStorePath = '.kit/ops.sqlite';

/** The `--store` option every ops command takes. */
export const storeOption: OptionSpec = {
  name: 'store',
  type: 'string',
  value: '<file>',
  description: `the ops store's SQLite file (default: KIT_OPS_STORE, else ${defaultStorePath} in the app)`,
};

/** The store file of a command: `--store`, else `KIT_OPS_STORE`, else `<root>/.kit/ops.sqlite`. */
export function storePath(context: CommandContext): string {
  const given = context.string('store') ?? (context.env.KIT_OPS_STORE || undefined);
  return resolve(context.root, given ?? defaultStorePath);
}

/**
 * Before a command runs the app's code (`kit dev`, `kit start`, `kit verify`, the `db:*` commands...):
 * sets `KIT_OPS_STORE` of the process, where the app's code reads it, to the absolute path of the store
 * the ops commands read: `KIT_OPS_STORE` of `env` resolved against the app's folder `root`, else
 * `<root>/.kit/ops.sqlite`. An app that records to `process.env.KIT_OPS_STORE || '.kit/ops.sqlite'`, as
 * the templates do, then writes where `kit ops:events` looks, whatever folder kit was started from.
 */
export function shareStorePath(root: string, env: Readonly<Record<string, string | undefined>>): string {
  const path = resolve(root, env.KIT_OPS_STORE || defaultStorePath);
  process.env.KIT_OPS_STORE = path;
  return path;
}

/**
 * Opens an existing store to read it. Retention is the app's business: a reader that applied the default
 * (30 days) would delete what an app keeping 90 days still wants, so this one keeps everything.
 */
export async function openStore(context: CommandContext): Promise<OpsStore> {
  const path = storePath(context);
  if (!isFile(path)) {
    throw environmentError(
      `there is no ops store at ${path}; an app records one with createOpsStore({ path: '${defaultStorePath}' }) of @kit/kit-ops. Pass --store <file> (or set KIT_OPS_STORE) to read another`,
    );
  }
  const { createOpsStore } = await import('@kit/kit-ops');
  try {
    return createOpsStore({ path, retention: { maxAgeDays: 1e7, maxEvents: Number.MAX_SAFE_INTEGER, pruneEveryMs: 2 ** 31 - 1 } });
  } catch (error) {
    throw environmentError(`the ops store ${path} cannot be read: ${errorText(error)}`, error);
  }
}
