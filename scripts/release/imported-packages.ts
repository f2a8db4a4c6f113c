import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const builtins = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/sub` gives `@scope/name`), or undefined for relative and built-in ones. */
export function packageOfSpecifier(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtins.has(name) ? undefined : name;
}

/** The specifiers a module imports or re-exports, read by TypeScript's scanner (so comments and strings do not count). */
export function importedSpecifiers(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return [...info.importedFiles, ...info.typeReferenceDirectives].map((ref) => ref.fileName);
}

function javascriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return javascriptFiles(path);
    return /\.(m?js)$/.test(entry.name) ? [path] : [];
  });
}

/** Packages the built JavaScript of `distDir` loads at run time, each with one file that loads it. */
export function runtimeImports(distDir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of javascriptFiles(distDir)) {
    for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
      const name = packageOfSpecifier(specifier);
      if (name !== undefined && !found.has(name)) found.set(name, file);
    }
  }
  return found;
}

/**
 * Packages the public type declarations refer to: the declaration files reachable from `entries` (the
 * `types` of each export) through relative imports. A declaration file no entry reaches is never read by
 * a user's compiler, so what it imports does not have to be installed.
 */
export function declarationImports(entries: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
      const name = packageOfSpecifier(specifier);
      if (name !== undefined) {
        if (!found.has(name)) found.set(name, file);
      } else if (specifier.startsWith('.')) {
        queue.push(resolve(dirname(file), specifier.replace(/\.js$/, '.d.ts')));
      }
    }
  }
  return found;
}
