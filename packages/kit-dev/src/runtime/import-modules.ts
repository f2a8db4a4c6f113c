import { pathToFileURL } from 'node:url';
import { KitDevError, type SourceLocation } from '../errors/kit-dev-error.js';

/** The imported server modules of a build. */
export interface ImportedModules {
  readonly modules: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** The default export of `kit.config.ts`, or null. */
  readonly config: unknown;
}

/** How to import a build: route file -> output, the config's output, and how to name files in errors. */
export interface ImportPlan {
  readonly modules: ReadonlyMap<string, string>;
  readonly config: string | null;
  /** The path of a route file relative to the app's root, for messages and locations. */
  readonly rootPath: (file: string) => string;
  /** Turns a thrown error into a source position, when it can. */
  readonly locate?: (error: unknown) => SourceLocation | null;
}

/**
 * Imports the bundled server modules, one after the other (they share chunks, and evaluation order
 * should not depend on timing). A module that throws while it is evaluated is a `load_failed` error
 * naming its file.
 */
export async function importModules(plan: ImportPlan): Promise<ImportedModules> {
  const load = async (label: string, output: string): Promise<Readonly<Record<string, unknown>>> => {
    try {
      return (await import(pathToFileURL(output).href)) as Readonly<Record<string, unknown>>;
    } catch (error) {
      const location = plan.locate?.(error) ?? { file: label, line: 1, column: 1 };
      const message = error instanceof Error ? error.message : String(error);
      throw new KitDevError('load_failed', `${label}: importing it threw: ${message}`, { location, cause: error });
    }
  };
  const loaded = new Map<string, Readonly<Record<string, unknown>>>();
  for (const [file, output] of plan.modules) loaded.set(file, await load(plan.rootPath(file), output));
  const configModule = plan.config === null ? null : await load('kit.config.ts', plan.config);
  return { modules: loaded, config: configModule === null ? null : (configModule.default ?? null) };
}
