import type { LevelKind } from '../state/state.js';

function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

/**
 * Whether the route's nearest `_error.tsx` may stand in for a level. It always covers the page (and a
 * view in its place); a layout only when the error file sits in a folder strictly above the layout's,
 * since a layout's failure is shown inside the layouts above it, never inside itself.
 */
export function errorFileCovers(errorFile: string, level: { readonly kind: LevelKind; readonly file: string }): boolean {
  if (level.kind !== 'layout') return true;
  const errorFolder = folderOf(errorFile);
  const layoutFolder = folderOf(level.file);
  if (errorFolder === layoutFolder) return false;
  return errorFolder === '' || layoutFolder.startsWith(`${errorFolder}/`);
}
