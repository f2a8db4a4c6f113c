import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One ```ts block found after an `@example` tag of a TSDoc comment. */
export interface TsdocExample {
  readonly file: string;
  readonly line: number;
  readonly code: string;
  /** `tsx` for a ```tsx block, whose JSX compiles with React's automatic runtime. */
  readonly language: 'ts' | 'tsx';
}

/** Source files of a package, tests excluded. */
export function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Every fenced `ts` block after an `@example` tag in the file's doc comments. */
export function extractExamples(file: string): TsdocExample[] {
  const text = readFileSync(file, 'utf8');
  const examples: TsdocExample[] = [];
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const body = comment[0].split('\n').map((line) => line.replace(/^\s*\/?\*+\/?\s?/, '').replace(/\*\/$/, ''));
    const start = text.slice(0, comment.index).split('\n').length;
    body.forEach((line, index) => {
      if (!line.trim().startsWith('@example')) return;
      const open = body.findIndex((candidate, at) => at > index && /^```tsx?\s*$/.test(candidate.trim()));
      const close = body.findIndex((candidate, at) => at > open && candidate.trim() === '```');
      if (open < 0 || close < 0) return;
      const language = body[open]?.trim() === '```tsx' ? 'tsx' : 'ts';
      examples.push({ file, line: start + open + 1, code: body.slice(open + 1, close).join('\n'), language });
    });
  }
  return examples;
}

/**
 * Type-checks examples as modules placed beside their source file, against the workspace packages'
 * sources; returns `file:line: message` for each error.
 */
export function typeCheckExamples(examples: readonly TsdocExample[], repositoryRoot: string): string[] {
  const virtual = new Map<string, TsdocExample>();
  examples.forEach((example, index) => {
    virtual.set(example.file.replace(/\.tsx?$/, `.__example${index}.${example.language}`), example);
  });
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    // Workspace packages resolve to their sources through the `kit-source` condition of their exports.
    customConditions: ['kit-source'],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => virtual.has(name) || fileExists(name);
  host.readFile = (name) => virtual.get(name)?.code ?? readFile(name);
  host.getSourceFile = (name, language, onError, create) => {
    const example = virtual.get(name);
    return example
      ? ts.createSourceFile(name, example.code, language, true, example.language === 'tsx' ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
      : getSourceFile(name, language, onError, create);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
    const example = diagnostic.file ? virtual.get(diagnostic.file.fileName) : undefined;
    if (!example || diagnostic.start === undefined || !diagnostic.file) return [];
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return [
      `${relative(repositoryRoot, example.file)}:${example.line + line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    ];
  });
}

/** Functions, classes and constants a package entry exports whose declaration has no `@example`. */
export function exportsWithoutExamples(entryFile: string): string[] {
  const program = ts.createProgram([entryFile], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [`${entryFile}: not a module`];
  return checker.getExportsOfModule(moduleSymbol).flatMap((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class | ts.SymbolFlags.Variable))) return [];
    // A `const` carries its doc comment on the variable statement, two levels above the name.
    const hasExample = (target.declarations ?? []).some((declaration) =>
      [declaration, declaration.parent, declaration.parent?.parent].some(
        (node) => node && ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'example'),
      ),
    );
    return hasExample ? [] : [symbol.name];
  });
}
