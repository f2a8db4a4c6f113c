import type * as TS from 'typescript';

/** The TypeScript compiler API, loaded on first use: the production server never needs it. */
export type TypeScriptApi = typeof TS;

let typescript: Promise<TypeScriptApi> | undefined;

/** Loads `typescript` once, lazily. */
export function loadTypeScript(): Promise<TypeScriptApi> {
  typescript ??= import('typescript').then(
    (module) => ((module as unknown as { default?: TypeScriptApi }).default ?? module) as TypeScriptApi,
  );
  return typescript;
}

/** The package whose `ServerOnly` marks content that must never reach the browser. */
const shellPackage = '@kit/kit-react';

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The browser version of a source file: the children of every `<ServerOnly>` element become an empty
 * expression, and (for route files) the `loader` and `actions` exports are removed, so what only they use drops out of
 * the bundle once esbuild elides the imports left unused. Edits keep every line break, so line numbers
 * (and so source maps and error positions) stay those of the file on disk. Returns null when nothing
 * changes.
 */
export function stripForClient(
  ts: TypeScriptApi,
  source: string,
  fileName: string,
  options: { readonly stripLoader: boolean },
): string | null {
  const mentionsServerOnly = source.includes('ServerOnly');
  const mentionsLoader = options.stripLoader && [...serverExports].some((name) => source.includes(name));
  if (!mentionsServerOnly && !mentionsLoader) return null;
  const kind = /\.[cm]?[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const edits: Edit[] = [];
  if (mentionsServerOnly) collectServerOnly(ts, file, edits);
  if (mentionsLoader) collectLoader(ts, file, edits);
  if (edits.length === 0) return null;
  return applyEdits(source, edits);
}

/** Blank text that keeps its line breaks, so later lines do not move. */
function blank(text: string): string {
  let out = '';
  for (const char of text) out += char === '\n' || char === '\r' ? char : ' ';
  return out;
}

/** `{}` in place of JSX children, on their lines: the braces take the first and last columns that are not line breaks. */
function emptyExpression(children: string): string {
  const chars = [...blank(children)];
  const first = chars.findIndex((char) => char === ' ');
  const last = chars.findLastIndex((char) => char === ' ');
  if (first === -1 || first === last) return `{}${chars.join('')}`;
  chars[first] = '{';
  chars[last] = '}';
  return chars.join('');
}

function applyEdits(source: string, edits: Edit[]): string {
  // Outer edits contain inner ones (nested ServerOnly): keep the outermost, apply from the end.
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Edit[] = [];
  for (const edit of sorted) {
    const last = kept[kept.length - 1];
    if (last && edit.start < last.end) continue;
    kept.push(edit);
  }
  let out = source;
  for (const edit of kept.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The local names `ServerOnly` is imported as, and the namespaces `@kit/kit-react` is imported as. */
function serverOnlyBindings(ts: TypeScriptApi, file: TS.SourceFile): { names: Set<string>; namespaces: Set<string> } {
  const names = new Set<string>();
  const namespaces = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== shellPackage) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else
      for (const element of bindings.elements)
        if ((element.propertyName ?? element.name).text === 'ServerOnly') names.add(element.name.text);
  }
  return { names, namespaces };
}

function collectServerOnly(ts: TypeScriptApi, file: TS.SourceFile, edits: Edit[]): void {
  const { names, namespaces } = serverOnlyBindings(ts, file);
  if (names.size === 0 && namespaces.size === 0) return;
  const isServerOnly = (tag: TS.JsxTagNameExpression): boolean => {
    if (ts.isIdentifier(tag)) return names.has(tag.text);
    return (
      ts.isPropertyAccessExpression(tag) &&
      ts.isIdentifier(tag.expression) &&
      namespaces.has(tag.expression.text) &&
      tag.name.text === 'ServerOnly'
    );
  };
  const visit = (node: TS.Node): void => {
    if (ts.isJsxElement(node) && isServerOnly(node.openingElement.tagName)) {
      const start = node.openingElement.end;
      const end = node.closingElement.getStart(file);
      // `{}` is an empty JSX expression: ServerOnly gets no children, and the line breaks inside stay.
      if (end > start) edits.push({ start, end, text: emptyExpression(file.text.slice(start, end)) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

function hasExport(ts: TypeScriptApi, node: TS.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

/** The exports of route files that run on the server only. */
const serverExports = new Set(['loader', 'actions', 'prerender', 'cache']);

/** `export function loader`, `export const actions = ...`, and `export { x as loader }` with its local `x`. */
function collectLoader(ts: TypeScriptApi, file: TS.SourceFile, edits: Edit[]): void {
  const remove = (node: TS.Node) => {
    const start = node.getFullStart();
    edits.push({ start, end: node.end, text: blank(file.text.slice(start, node.end)) });
  };
  const replace = (node: TS.Node, text: string) => {
    const start = node.getStart(file);
    const old = file.text.slice(start, node.end);
    const breaks = old.split('\n').length - 1;
    edits.push({ start, end: node.end, text: text + '\n'.repeat(breaks) });
  };
  const locals = new Set<string>();
  for (const statement of file.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      const elements = statement.exportClause.elements;
      const loaders = elements.filter((element) => serverExports.has(element.name.text));
      if (loaders.length === 0) continue;
      for (const element of loaders) locals.add((element.propertyName ?? element.name).text);
      if (loaders.length === elements.length) remove(statement);
      else {
        const kept = elements.filter((element) => !serverExports.has(element.name.text)).map((element) => element.getText(file));
        replace(statement, `export { ${kept.join(', ')} };`);
      }
    }
  }
  for (const statement of file.statements) {
    const exported = hasExport(ts, statement);
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      const name = statement.name.text;
      if ((exported && serverExports.has(name)) || (!exported && locals.has(name))) remove(statement);
    } else if (ts.isVariableStatement(statement)) {
      const declarations = statement.declarationList.declarations;
      const matches = (declaration: TS.VariableDeclaration) =>
        ts.isIdentifier(declaration.name) && (exported ? serverExports.has(declaration.name.text) : locals.has(declaration.name.text));
      const hits = declarations.filter(matches);
      if (hits.length === 0) continue;
      if (hits.length === declarations.length) remove(statement);
      // One of several declarators: its value goes, so what only it used is left unused.
      else for (const declaration of hits) if (declaration.initializer) replace(declaration.initializer, 'undefined');
    }
  }
}
