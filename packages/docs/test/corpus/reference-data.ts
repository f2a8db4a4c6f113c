import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentedCliCommands, type CliCommand } from './examples-code.js';
import { buildPackageNames, frameworkPackages, type FrameworkPackage, type PackageNames } from './examples-reference.js';
import { extractReferenceNames, type ReferenceName } from './reference-names.js';

/**
 * What the corpus tests know of the framework reference, kept in the repository as
 * `reference-names.json` beside this file, so that a clone with nothing beside it runs them.
 *
 * The framework reference (`framework-library-reference.md`) is a specification kept outside this
 * repository. When it changes, regenerate the data file from it and commit the result:
 *
 *     npx tsx packages/docs/scripts/refresh-reference-names.ts <path>/framework-library-reference.md
 *
 * No test reads the reference itself; the parsers below (in reference-names.ts, examples-reference.ts
 * and examples-code.ts) run only in that script, and in unit tests on inline Markdown.
 */
export interface ReferenceData {
  /** Where the data comes from, so that a reader can tell whether it is current. */
  readonly source: { readonly file: string; readonly sha256: string; readonly lines: number };
  /** Every name the reference defines, with its kind, its default value and its line (reference-names.ts). */
  readonly names: readonly ReferenceName[];
  /** For each framework package, the names the reference documents as part of it (examples-reference.ts). */
  readonly packages: Readonly<Record<FrameworkPackage, readonly string[]>>;
  /** The `kit` commands of the reference's command-line table (examples-code.ts). */
  readonly commands: readonly CliCommand[];
}

/** The data file, in the repository. */
export const referenceDataPath = join(dirname(fileURLToPath(import.meta.url)), 'reference-names.json');

/** Derives the data file's content from the text of the reference. */
export function buildReferenceData(markdown: string, fileName: string): ReferenceData {
  const packageNames = buildPackageNames(markdown);
  const packages = Object.fromEntries(frameworkPackages.map((pkg) => [pkg, [...(packageNames.get(pkg) ?? [])].sort()])) as Record<
    FrameworkPackage,
    string[]
  >;
  return {
    source: {
      file: basename(fileName),
      sha256: createHash('sha256').update(markdown).digest('hex'),
      lines: markdown.split('\n').length - (markdown.endsWith('\n') ? 1 : 0),
    },
    names: extractReferenceNames(markdown),
    packages,
    commands: [...documentedCliCommands(markdown).values()],
  };
}

/**
 * The data as the script writes it: JSON with one name, package or command per line, so that a change
 * of the reference shows as a readable diff.
 */
export function formatReferenceData(data: ReferenceData): string {
  const lines = (items: readonly unknown[], indent: string): string => items.map((item) => `${indent}${JSON.stringify(item)}`).join(',\n');
  const packages = Object.entries(data.packages).map(([pkg, names]) => `    ${JSON.stringify(pkg)}: ${JSON.stringify(names)}`);
  return [
    '{',
    `  "source": ${JSON.stringify(data.source)},`,
    '  "names": [',
    `${lines(data.names, '    ')}`,
    '  ],',
    '  "packages": {',
    packages.join(',\n'),
    '  },',
    '  "commands": [',
    `${lines(data.commands, '    ')}`,
    '  ]',
    '}',
    '',
  ].join('\n');
}

let cached: ReferenceData | undefined;

/** Reads the data file of the repository (once per process). */
export function loadReferenceData(path: string = referenceDataPath): ReferenceData {
  if (path !== referenceDataPath) return JSON.parse(readFileSync(path, 'utf8')) as ReferenceData;
  cached ??= JSON.parse(readFileSync(path, 'utf8')) as ReferenceData;
  return cached;
}

/** Every name of the reference, from the data file. */
export function referenceNames(data: ReferenceData = loadReferenceData()): readonly ReferenceName[] {
  return data.names;
}

/** The package -> documented names map of the data file. */
export function referencePackageNames(data: ReferenceData = loadReferenceData()): PackageNames {
  return new Map(frameworkPackages.map((pkg) => [pkg, new Set(data.packages[pkg] ?? [])]));
}

/** The `kit` commands of the data file, by name. */
export function referenceCommands(data: ReferenceData = loadReferenceData()): Map<string, CliCommand> {
  return new Map(data.commands.map((command) => [command.name, command]));
}
