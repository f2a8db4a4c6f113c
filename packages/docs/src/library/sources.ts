import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** Where one version's folder comes from: a folder on disk, or a folder of a git repository at a tag, branch or commit. */
export type VersionSource =
  | { readonly version: string; readonly directory: string }
  | {
      readonly version: string;
      readonly git: { readonly repository: string; readonly ref: string; readonly path: string };
      /** Where it was declared, so a bad ref is reported at its key of the settings file. */
      readonly place?: { readonly file: string; readonly key: string };
    };

/** One library as configured. */
export interface LibrarySource {
  readonly id: string;
  readonly title?: string;
  readonly summary?: string;
  readonly aliases?: readonly string[];
  readonly versions: readonly VersionSource[];
}

/** Every library to serve and which of them answers requests that name none. */
export interface CatalogSource {
  readonly libraries: readonly LibrarySource[];
  readonly defaultLibrary: string;
  /** The settings file, when there is one: a reload reads it again. */
  readonly settingsFile?: string;
}

/** One problem of a settings file or flag: where it is and what to do. */
export interface LibrarySettingsIssue {
  /** `libraries.hono.versions[1].directory`, or the flag as given. */
  readonly path: string;
  readonly message: string;
}

/**
 * Thrown for a settings file or `--content` flag that cannot be served: each issue names the place
 * and the fix. Content problems inside a folder are `ContentError`s instead.
 *
 * @example
 * ```ts
 * import { LibrarySettingsError, readLibrarySettings } from '@kit/docs';
 *
 * try {
 *   await readLibrarySettings('./kit-docs.yaml');
 * } catch (error) {
 *   if (error instanceof LibrarySettingsError) for (const issue of error.issues) console.error(`${issue.path}: ${issue.message}`);
 * }
 * ```
 */
export class LibrarySettingsError extends Error {
  readonly code = 'library_settings_invalid';
  constructor(
    readonly source: string,
    readonly issues: readonly LibrarySettingsIssue[],
  ) {
    super(`${source}: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
    this.name = 'LibrarySettingsError';
  }

  /** One `source: path: message` line per issue, as the command line and the logs print them. */
  lines(): string[] {
    return this.issues.map((issue) => `${this.source}: ${issue.path}: ${issue.message}`);
  }
}

/** Refuses an alias that is another library's id or alias: a name must lead to one library. */
function checkNames(libraries: readonly { readonly id: string; readonly aliases?: readonly string[] }[], where: string): void {
  const owner = new Map(libraries.map((library) => [library.id, library.id]));
  const issues: LibrarySettingsIssue[] = [];
  for (const library of libraries)
    for (const alias of library.aliases ?? []) {
      const key = alias.trim().toLowerCase();
      const taken = owner.get(key);
      if (taken !== undefined && taken !== library.id)
        issues.push({
          path: `libraries.${library.id}.aliases`,
          message: `"${alias}" already names ${taken}; give each name to one library`,
        });
      else owner.set(key, library.id);
    }
  if (issues.length > 0) throw new LibrarySettingsError(where, issues);
}

/** The optional title, summary and aliases of a library, only those it has. */
export function describedBy(library: {
  readonly title?: string | undefined;
  readonly summary?: string | undefined;
  readonly aliases?: readonly string[] | undefined;
}): { title?: string; summary?: string; aliases?: readonly string[] } {
  return {
    ...(library.title ? { title: library.title } : {}),
    ...(library.summary ? { summary: library.summary } : {}),
    ...(library.aliases ? { aliases: library.aliases } : {}),
  };
}

/** The id a free-form name would have (`Hono Web` is `hono-web`): for suggestions and folder names. */
export function toLibraryId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '')
    .slice(0, 64);
}

/** Library ids: what requests send as `library`, and a path segment of the library's pages. */
export const libraryIdPattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const versionPattern = /^[\w][\w.+-]{0,63}$/;

/** A version label; YAML reads `version: 4` as a number, which is taken as written, while `4.10` would lose its zero. */
const versionLabel = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : value),
  z
    .string({
      error: (issue) =>
        typeof issue.input === 'number'
          ? `${issue.input} is read by YAML as a number, which loses digits (4.10 becomes 4.1): put the version in quotes, "${issue.input}"`
          : 'is required: a label such as "4.6.0", "4" or "next", in quotes',
    })
    .regex(versionPattern, 'must be a version label such as 4.6.0, 4, v3 or next (letters, digits, ".", "_", "+", "-")'),
);

const versionSchema = z
  .strictObject({
    version: versionLabel,
    directory: z.string().min(1).optional(),
    git: z.string().min(1).optional(),
    ref: z.string().min(1).optional(),
    path: z.string().optional(),
  })
  .superRefine((entry, context) => {
    if (entry.directory !== undefined && entry.git !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['git'],
        message: 'goes with a repository, not beside directory: give a folder with directory, or a repository with git and ref',
      });
    else if (entry.directory === undefined && entry.git === undefined)
      context.addIssue({ code: 'custom', path: [], message: 'needs directory (a folder), or git (a local repository) with ref' });
    if (entry.git !== undefined && entry.ref === undefined)
      context.addIssue({
        code: 'custom',
        path: ['ref'],
        message: 'is required with git: the tag, branch or commit to read, such as v4.6.0 or main',
      });
    if (entry.directory !== undefined && (entry.ref !== undefined || entry.path !== undefined))
      context.addIssue({ code: 'custom', path: [entry.ref !== undefined ? 'ref' : 'path'], message: 'goes with git, not with directory' });
  });

/** The unknown keys of an object, named with the keys it takes. */
function unknownKeys(takes: string) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `has unknown keys ${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}; it takes ${takes}`
      : undefined;
}

const librarySchema = z.strictObject(
  {
    title: z.string().min(1).optional(),
    summary: z.string().min(1).optional(),
    aliases: z.array(z.string().min(1)).optional(),
    versions: z
      .array(versionSchema, { error: 'is required: a list of versions, each with version and directory, or git and ref' })
      .min(1, 'must list at least one version'),
  },
  { error: unknownKeys('title, summary, aliases and versions') },
);

const settingsSchema = z
  .strictObject(
    {
      default: z.string().optional(),
      libraries: z.record(z.string(), librarySchema, { error: 'is required: a map from library id to its title and versions' }),
    },
    { error: unknownKeys('libraries and default') },
  )
  .superRefine((settings, context) => {
    for (const id of Object.keys(settings.libraries))
      if (!libraryIdPattern.test(id))
        context.addIssue({
          code: 'custom',
          path: ['libraries', id],
          message: `"${id}" is not a library id: use lower-case letters, digits, ".", "_" or "-" (at most 64), such as ${JSON.stringify(toLibraryId(id))}`,
        });
  });

/**
 * Reads a libraries settings file (YAML or JSON). Folders and repositories are relative to the
 * file. Without `default`, the library the command line serves (`--content DIR` or the embedded kit
 * corpus) stays the default and the file's libraries come beside it.
 *
 * @example
 * ```ts
 * import { readLibrarySettings } from '@kit/docs';
 *
 * const settings = await readLibrarySettings('./kit-docs.yaml');
 * console.log(settings.libraries.map((library) => library.id));
 * ```
 */
export async function readLibrarySettings(file: string): Promise<{ readonly libraries: LibrarySource[]; readonly default?: string }> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new LibrarySettingsError(path, [
      {
        path: '(file)',
        message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); check the path given to --libraries`,
      },
    ]);
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new LibrarySettingsError(path, [{ path: '(file)', message: `is not YAML or JSON: ${(error as Error).message.split('\n')[0]}` }]);
  }
  const parsed = settingsSchema.safeParse(data);
  if (!parsed.success) {
    throw new LibrarySettingsError(
      path,
      parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message })),
    );
  }
  const base = dirname(path);
  const libraries = Object.entries(parsed.data.libraries).map(([id, library]): LibrarySource => {
    const seen = new Set<string>();
    const versions = library.versions.map((entry, position): VersionSource => {
      if (seen.has(entry.version))
        throw new LibrarySettingsError(path, [
          { path: `libraries.${id}.versions.${position}.version`, message: `"${entry.version}" is listed twice; give each version once` },
        ]);
      seen.add(entry.version);
      return entry.directory !== undefined
        ? { version: entry.version, directory: resolve(base, entry.directory) }
        : {
            version: entry.version,
            git: { repository: resolve(base, entry.git!), ref: entry.ref!, path: entry.path ?? 'docs' },
            place: { file: path, key: `libraries.${id}.versions.${position}` },
          };
    });
    return {
      id,
      versions,
      ...describedBy(library),
    };
  });
  return { libraries, ...(parsed.data.default ? { default: parsed.data.default } : {}) };
}

/**
 * A `--content` value: a plain folder (the default library, as before), or `name[@version]=DIR`
 * adding that version of that library.
 *
 * @example
 * ```ts
 * import { parseContentFlag } from '@kit/docs';
 *
 * parseContentFlag('hono@4=./hono/docs'); // { id: 'hono', version: '4', directory: '…/hono/docs' }
 * ```
 */
export function parseContentFlag(value: string): { readonly id?: string; readonly version?: string; readonly directory: string } {
  const named = /^([^=/\\]+)=(.*)$/.exec(value);
  if (!named) return { directory: resolve(value) };
  const [name, version] = named[1]!.split('@') as [string, string | undefined];
  if (named[2]!.trim() === '')
    throw new LibrarySettingsError('--content', [
      { path: value, message: 'names no folder: write --content name@version=DIR, as in --content hono@4=./docs' },
    ]);
  if (version === '')
    throw new LibrarySettingsError('--content', [
      { path: value, message: `has an empty version after "@": write ${name}@4=DIR, or ${name}=DIR for the label latest` },
    ]);
  if (!libraryIdPattern.test(name))
    throw new LibrarySettingsError('--content', [
      {
        path: value,
        message: `"${name}" is not a library id: use lower-case letters, digits, ".", "_" or "-", as in --content ${toLibraryId(name)}@4=./docs`,
      },
    ]);
  if (version !== undefined && !versionPattern.test(version))
    throw new LibrarySettingsError('--content', [
      { path: value, message: `"${version}" is not a version label: use one such as 4.6.0, 4 or next` },
    ]);
  return { id: name, ...(version ? { version } : {}), directory: resolve(named[2]!) };
}

/**
 * The catalog to serve from the command line's pieces: the default folder (`--content DIR`, else
 * the embedded corpus), `name[@version]=DIR` flags and a settings file. Versions of the same library
 * from flags and file are merged; the same version twice is an error.
 *
 * @example
 * ```ts
 * import { combineSources, embeddedContentDirectory, parseContentFlag } from '@kit/docs';
 *
 * const source = combineSources({
 *   defaultDirectory: embeddedContentDirectory,
 *   defaultId: 'kit',
 *   defaultVersion: '0.1.0',
 *   flags: [parseContentFlag('hono@4=./hono/docs')],
 * });
 * console.log(source.libraries.map((library) => library.id)); // ['hono', 'kit']
 * ```
 */
export function combineSources(options: {
  readonly defaultDirectory: string;
  readonly defaultId: string;
  readonly defaultVersion: string;
  readonly flags: readonly { readonly id?: string; readonly version?: string; readonly directory: string }[];
  readonly settings?: { readonly libraries: readonly LibrarySource[]; readonly default?: string };
  readonly settingsFile?: string;
}): CatalogSource {
  const byId = new Map<string, { id: string; title?: string; summary?: string; aliases?: readonly string[]; versions: VersionSource[] }>();
  const add = (id: string, version: VersionSource, where: string) => {
    const library = byId.get(id) ?? { id, versions: [] };
    if (library.versions.some((existing) => existing.version === version.version))
      throw new LibrarySettingsError(where, [
        { path: `${id}@${version.version}`, message: 'is given twice; give each version of a library once' },
      ]);
    library.versions.push(version);
    byId.set(id, library);
  };
  const settingsDefault = options.settings?.default;
  for (const library of options.settings?.libraries ?? []) {
    for (const version of library.versions) add(library.id, version, options.settingsFile ?? 'settings');
    const entry = byId.get(library.id)!;
    byId.set(library.id, {
      ...entry,
      ...describedBy(library),
    });
  }
  for (const flag of options.flags) {
    if (flag.id === undefined) continue;
    add(flag.id, { version: flag.version ?? 'latest', directory: flag.directory }, '--content');
  }
  // The command line's own folder is the default library unless the file names another one.
  if (!settingsDefault || settingsDefault === options.defaultId) {
    const existing = byId.get(options.defaultId);
    if (!existing?.versions.some((version) => version.version === options.defaultVersion))
      add(options.defaultId, { version: options.defaultVersion, directory: options.defaultDirectory }, '--content');
  }
  checkNames([...byId.values()], options.settingsFile ?? 'settings');
  const defaultLibrary = settingsDefault ?? options.defaultId;
  if (!byId.has(defaultLibrary))
    throw new LibrarySettingsError(options.settingsFile ?? 'settings', [
      { path: 'default', message: `names "${defaultLibrary}", which is not among the libraries (${[...byId.keys()].join(', ')})` },
    ]);
  return {
    libraries: [...byId.values()],
    defaultLibrary,
    ...(options.settingsFile ? { settingsFile: options.settingsFile } : {}),
  };
}
