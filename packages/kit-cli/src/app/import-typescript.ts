import { pathToFileURL } from 'node:url';

let registered = false;

/**
 * Imports an app's TypeScript file (a model, `kit.config.ts`) with tsx's loader hooks, which strip the
 * types file by file without bundling, so the file's imports resolve exactly as they do in the app.
 * The hooks are registered once per process.
 */
export async function importTypeScript(file: string): Promise<Readonly<Record<string, unknown>>> {
  if (!registered) {
    // Loaded on first use, so commands that read no TypeScript start without it.
    const { register } = await import('tsx/esm/api');
    register();
    registered = true;
  }
  return (await import(pathToFileURL(file).href)) as Readonly<Record<string, unknown>>;
}
