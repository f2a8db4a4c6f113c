import { isAbsolute, relative } from 'node:path';
import type { Message } from 'esbuild';
import type { SourceLocation } from '../errors/kit-dev-error.js';

/** A problem that stopped a build or a load: what and where (path relative to the app's root, 1-based). */
export interface BuildProblem extends SourceLocation {
  readonly message: string;
  /** The source line the problem is on, when known. */
  readonly lineText?: string;
}

/** esbuild's first error as a `BuildProblem`; esbuild counts columns from 0, editors from 1. */
export function problemFromEsbuild(root: string, messages: readonly Message[]): BuildProblem {
  const first = messages[0];
  if (!first) return { file: '', line: 0, column: 0, message: 'The build failed without saying why.' };
  const location = first.location;
  const file = location ? toRootRelative(root, location.file.replace(/^[\w-]+:/, '')) : '';
  const more = messages.length > 1 ? ` (and ${messages.length - 1} more error${messages.length > 2 ? 's' : ''})` : '';
  return {
    file,
    line: location?.line ?? 0,
    column: location ? location.column + 1 : 0,
    message: `${first.text}${more}`,
    ...(location?.lineText ? { lineText: location.lineText } : {}),
  };
}

/** A path relative to the app's root, with `/` separators. */
export function toRootRelative(root: string, file: string): string {
  const path = isAbsolute(file) ? relative(root, file) : file;
  return path.split('\\').join('/');
}

/** Whether a thrown value is the failure esbuild throws from `build` and `rebuild`. */
export function isEsbuildFailure(error: unknown): error is { errors: Message[]; warnings: Message[] } {
  return typeof error === 'object' && error !== null && Array.isArray((error as { errors?: unknown }).errors);
}
