import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { importsOf, isNodeBuiltin } from './examples-code.js';
import { sourceEntries } from '../../../../test-support/source-entries.js';
import { repoRoot, type ExampleFile } from './examples-files.js';

/** The framework packages implemented in this repository, by specifier, with their main entry file. */
const mainEntries: ReadonlyMap<string, string> = new Map([
  ['@kit/kit-core', resolve(repoRoot, 'packages/kit-core/src/index.ts')],
  ['@kit/kit-ai', resolve(repoRoot, 'packages/kit-ai/src/index.ts')],
  ['@kit/kit-auth', resolve(repoRoot, 'packages/kit-auth/src/index.ts')],
  ['@kit/kit-db', resolve(repoRoot, 'packages/kit-db/src/index.ts')],
  ['@kit/kit-agent', resolve(repoRoot, 'packages/kit-agent/src/index.ts')],
  ['@kit/kit-cron', resolve(repoRoot, 'packages/kit-cron/src/index.ts')],
  ['@kit/kit-ops', resolve(repoRoot, 'packages/kit-ops/src/index.ts')],
  ['@kit/kit-router', resolve(repoRoot, 'packages/kit-router/src/index.ts')],
  ['@kit/kit-react', resolve(repoRoot, 'packages/kit-react/src/index.ts')],
  ['@kit/kit-dev', resolve(repoRoot, 'packages/kit-dev/src/index.ts')],
  ['@kit/kit-cli', resolve(repoRoot, 'packages/kit-cli/src/index.ts')],
]);

/**
 * Every entry point examples are type-checked against: the main entries above, and the subpath entries
 * (`@kit/kit-core/http`, `@kit/kit-react/server`) their manifests declare, read from the `kit-source`
 * condition of their exports so a new one is checked without being listed here.
 */
export const implementedPackages: ReadonlyMap<string, string> = new Map([
  ...mainEntries,
  ...[...sourceEntries(repoRoot)].filter(([specifier]) => [...mainEntries.keys()].some((main) => specifier.startsWith(`${main}/`))),
]);

/** Libraries a type-checked example may use besides the implemented packages and node: built-ins. */
const typeCheckedLibraries = new Set(['zod', 'vitest', 'react']);

/** The names an entry file exports, read from its `export { ... }` lists and the modules it re-exports whole (`export * from`). */
export function exportedNames(entryFile: string): Set<string> {
  const source = ts.createSourceFile(entryFile, readFileSync(entryFile, 'utf8'), ts.ScriptTarget.ES2022, true);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    } else if (!statement.exportClause && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolve(dirname(entryFile), statement.moduleSpecifier.text.replace(/\.js$/u, '.ts'));
      for (const name of exportedNames(target)) names.add(name);
    }
  }
  return names;
}

/**
 * Whether an example can be compiled against the real packages: it imports only implemented
 * framework packages (and only names they export), type-checked libraries and node: built-ins.
 * Examples that use a documented name the repository does not implement (yet) are checked by the
 * parser and the import check instead.
 */
export function isTypeCheckable(example: ExampleFile, exportsBySpecifier: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  if (example.extension !== '.ts' && example.extension !== '.tsx') return false;
  return importsOf(example).every((entry) => {
    const exported = exportsBySpecifier.get(entry.specifier);
    if (exported) return !entry.unnamed && entry.names.every((name) => exported.has(name));
    return isNodeBuiltin(entry.specifier) || typeCheckedLibraries.has(entry.specifier);
  });
}

/** Compiler options of the repository (strict, NodeNext), with `@kit/*` mapped to the sources. */
export function exampleCompilerOptions(): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    // Pages and components (.tsx) run in the browser too, and compile with React's automatic JSX runtime.
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [resolve(repoRoot, 'node_modules/@types')],
    paths: Object.fromEntries([...implementedPackages].map(([specifier, entry]) => [specifier, [entry]])),
  };
}

/** Type errors of each example, as `line: message`, keyed by example id (examples without errors are absent). */
export function typeCheckExamples(examples: readonly ExampleFile[]): Map<string, string[]> {
  const program = ts.createProgram({ rootNames: examples.map((example) => example.path), options: exampleCompilerOptions() });
  const errors = new Map<string, string[]>();
  for (const example of examples) {
    const source = program.getSourceFile(example.path);
    if (!source) {
      errors.set(example.id, ['the compiler did not load the file']);
      continue;
    }
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    if (diagnostics.length === 0) continue;
    errors.set(
      example.id,
      diagnostics.map((diagnostic) => {
        const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        return `${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      }),
    );
  }
  return errors;
}
