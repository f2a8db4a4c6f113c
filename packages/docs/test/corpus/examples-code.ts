import { builtinModules } from 'node:module';
import ts from 'typescript';
import type { ExampleFile } from './examples-files.js';
import { frameworkPackageOf, type FrameworkPackage, type PackageNames } from './examples-reference.js';

/**
 * Modules besides the framework an example may import, each with its reason. Nothing else: an
 * example must be a complete file a user can paste into a kit project.
 */
export const allowedLibraries: ReadonlyMap<string, string> = new Map([
  ['zod', 'the runtime schema library of APIDefinition.input and .output in this implementation of kit-core'],
  ['vitest', 'the test runner of the testing examples'],
  ['react', 'kit-react is a React application shell; pages use React hooks such as useState'],
]);

/** One `import` (or `export ... from`) of an example. */
export interface ExampleImport {
  readonly specifier: string;
  /** Names imported from the module, as the module exports them (`enum` for `enum as enumField`). */
  readonly names: readonly string[];
  /** A default, namespace or side-effect-only import: none of them names a documented export. */
  readonly unnamed: boolean;
  readonly line: number;
}

function scriptKindOf(example: ExampleFile): ts.ScriptKind {
  return example.extension === '.tsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

export function sourceFileOf(example: ExampleFile): ts.SourceFile {
  return ts.createSourceFile(example.path, example.text, ts.ScriptTarget.ES2022, true, scriptKindOf(example));
}

/** Syntax errors of a TypeScript example, as `line: message`. */
export function syntaxErrors(example: ExampleFile): string[] {
  const source = sourceFileOf(example) as ts.SourceFile & { parseDiagnostics?: readonly ts.Diagnostic[] };
  if (!Array.isArray(source.parseDiagnostics)) {
    throw new Error('examples-code: this TypeScript version no longer exposes parseDiagnostics on a SourceFile; update syntaxErrors()');
  }
  return source.parseDiagnostics.map((diagnostic) => {
    const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

/** Every static import and re-export of an example. */
export function importsOf(example: ExampleFile): ExampleImport[] {
  const source = sourceFileOf(example);
  const found: ExampleImport[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const named =
        bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => (element.propertyName ?? element.name).text) : [];
      const unnamed = !clause || clause.name !== undefined || (bindings !== undefined && ts.isNamespaceImport(bindings));
      found.push({ specifier: statement.moduleSpecifier.text, names: named, unnamed, line: lineOf(statement) });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.exportClause;
      const named =
        clause && ts.isNamedExports(clause) ? clause.elements.map((element) => (element.propertyName ?? element.name).text) : [];
      found.push({
        specifier: statement.moduleSpecifier.text,
        names: named,
        unnamed: !clause || !ts.isNamedExports(clause),
        line: lineOf(statement),
      });
    }
  }
  return found;
}

const nodeBuiltins = new Set(builtinModules);

/** A module of Node itself, written with the `node:` prefix (the style the examples keep to). */
export function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') && nodeBuiltins.has(specifier.slice('node:'.length));
}

/**
 * Problems with the imports of one example: a framework import must name only exports the reference
 * documents for that package; any other import must be a Node built-in or an allowed library.
 */
export function importProblems(example: ExampleFile, documented: PackageNames): string[] {
  const problems: string[] = [];
  for (const entry of importsOf(example)) {
    const where = `${example.fileName}:${entry.line}`;
    const pkg: FrameworkPackage | undefined = frameworkPackageOf(entry.specifier);
    if (pkg) {
      const names = documented.get(pkg) ?? new Set<string>();
      if (entry.unnamed)
        problems.push(`${where}: import named exports from ${entry.specifier}; the reference documents no default or namespace export`);
      for (const name of entry.names) {
        if (!names.has(name))
          problems.push(`${where}: ${entry.specifier} has no documented export "${name}"; use a name the reference gives ${pkg}`);
      }
    } else if (!isNodeBuiltin(entry.specifier) && !allowedLibraries.has(entry.specifier)) {
      problems.push(
        `${where}: "${entry.specifier}" is neither a kit package, a node: built-in nor one of ${[...allowedLibraries.keys()].join(', ')}; ` +
          'an example must be a complete file that imports only documented modules',
      );
    }
  }
  return problems;
}

/** One `kit` command of the reference's CLI table: its name, accepted subcommands and flags. */
export interface CliCommand {
  readonly name: string;
  readonly subcommands: readonly string[];
  readonly flags: readonly string[];
}

/**
 * The `kit` commands of the reference's "Command-line program" table. A cell such as
 * "kit add api, page, model or policy `<name>`" gives one command with subcommands; a cell such as
 * "kit ops:events, ops:incidents, ops:health or ops:tail" gives several commands.
 */
export function documentedCliCommands(reference: string): Map<string, CliCommand> {
  const commands = new Map<string, CliCommand>();
  const start = reference.indexOf('### Command-line program');
  const table = reference.slice(start, reference.indexOf('\n\n', reference.indexOf('| kit', start)));
  for (const line of table.split('\n')) {
    const cell = /^\|\s*kit ([^|]+)\|/.exec(line)?.[1]?.trim();
    if (!cell) continue;
    const flags = [...cell.matchAll(/--[a-z-]+/g)].map((match) => match[0]);
    const items = cell
      .replace(/`<[^>]+>`/g, '')
      .replace(/--[a-z-]+/g, '')
      .split(/,|\bor\b/)
      .map((item) => item.trim())
      .filter(Boolean);
    const [head = '', ...rest] = items;
    const [name = '', sub] = head.split(/\s+/);
    if (sub) {
      commands.set(name, { name, subcommands: [sub, ...rest], flags });
    } else {
      for (const command of [name, ...rest]) commands.set(command, { name: command, subcommands: [], flags });
    }
  }
  return commands;
}

/** Problems with the `kit` invocations of a shell example: unknown commands, subcommands or flags. */
export function cliProblems(example: ExampleFile, commands: ReadonlyMap<string, CliCommand>): string[] {
  const problems: string[] = [];
  const lines = example.text.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.replace(/(^|\s)#.*$/, '');
    for (const match of line.matchAll(/(?:^|[\s;&|(])(?:npx\s+)?kit\s+([^\s;&|)]+)((?:[ \t]+[^\s;&|)]+)*)/g)) {
      const name = match[1] ?? '';
      const args = (match[2] ?? '').trim().split(/\s+/).filter(Boolean);
      const where = `${example.fileName}:${index + 1}`;
      const command = commands.get(name);
      if (!command) {
        problems.push(`${where}: "kit ${name}" is not a command of the reference; use one of ${[...commands.keys()].join(', ')}`);
        continue;
      }
      if (command.subcommands.length > 0 && !command.subcommands.includes(args[0] ?? '')) {
        problems.push(`${where}: "kit ${name}" takes one of ${command.subcommands.join(', ')} before the name`);
      }
      for (const flag of args.filter((arg) => arg.startsWith('-'))) {
        if (!command.flags.includes(flag.split('=')[0] ?? flag)) problems.push(`${where}: "kit ${name}" has no documented flag ${flag}`);
      }
    }
  });
  return problems;
}
