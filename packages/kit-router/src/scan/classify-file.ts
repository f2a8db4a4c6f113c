import type { RouteKind } from '../manifest.js';
import { baseName, folderOf, joinPath, listInProse } from '../paths.js';

/** The conventions that are not routes: each applies to its folder and the folders below. */
export type FolderFileRole = 'layout' | 'middleware' | 'loading' | 'error' | 'not-found';

/** What a file in the routes folder is, judged by its name alone. */
export type FileClass =
  | { readonly type: 'route'; readonly kind: RouteKind; /** The name before `.page.tsx` / `.api.ts`. */ readonly base: string }
  | { readonly type: 'folder-file'; readonly role: FolderFileRole }
  | { readonly type: 'unknown'; readonly message: string; readonly fix: string }
  | { readonly type: 'ignored' };

const folderFiles: Readonly<Record<string, FolderFileRole>> = {
  '_layout.tsx': 'layout',
  '_middleware.ts': 'middleware',
  '_loading.tsx': 'loading',
  '_error.tsx': 'error',
  'not-found.tsx': 'not-found',
};
const underscoreNames = ['_layout.tsx', '_middleware.ts', '_loading.tsx', '_error.tsx'];
const scriptFile = /\.(?:ts|tsx|js|jsx|mts|mjs|cts|cjs)$/;
// Tests and declaration files sit beside route files without being routes, whatever their name.
const companionFile = /\.(?:test|spec)\.[cm]?[jt]sx?$|\.d\.[cm]?ts$/;
const routeLike = /^(.+)\.(page|pages|api|apis)\.([^.]+)$/i;

/**
 * Classifies a file of the routes folder by its name. Only names that look like a convention but are
 * not one come back `unknown` (a typo would otherwise drop a route or a middleware silently); helpers,
 * components, styles and tests are `ignored`.
 */
export function classifyFile(file: string): FileClass {
  const name = baseName(file);
  const role = folderFiles[name];
  if (role !== undefined) return { type: 'folder-file', role };
  if (name.endsWith('.page.tsx') && name.length > 9) return { type: 'route', kind: 'page', base: name.slice(0, -9) };
  if (name.endsWith('.api.ts') && name.length > 7) return { type: 'route', kind: 'api', base: name.slice(0, -7) };
  if (companionFile.test(name)) return { type: 'ignored' };

  const routeMatch = routeLike.exec(name);
  if (routeMatch) {
    const [, base = '', word = '', extension = ''] = routeMatch;
    if (word === 'page' && extension === 'tsx') return { type: 'route', kind: 'page', base };
    if (word === 'api' && extension === 'ts') return { type: 'route', kind: 'api', base };
    if (!scriptFile.test(name)) return { type: 'ignored' }; // list.page.css: a page's stylesheet
    return misnamedRoute(file, base, word, extension);
  }
  if (!scriptFile.test(name)) return { type: 'ignored' };

  const stem = name.replace(scriptFile, '');
  if (stem.startsWith('_')) return misnamedUnderscoreFile(file, stem);
  // `not-found` in any script spelling, and NotFound / not_found / notfound as components; a `notFound.ts`
  // module is a plausible helper, so it is left alone.
  if (stem === 'not-found' || (/\.[jt]sx$/.test(name) && stem.toLowerCase().replace(/[-_\s]/g, '') === 'notfound')) {
    return unknown(
      file,
      `is not a not-found page: kit reads only the exact name not-found.tsx`,
      `Rename it to ${sibling(file, 'not-found.tsx')}.`,
    );
  }
  if (stem.includes('[') || stem.includes(']')) {
    const asApi = /\.[cm]?[jt]s$/.test(name);
    const suggested = asApi ? `${stem}.api.ts` : `${stem}.page.tsx`;
    return unknown(
      file,
      'has a route parameter in its name but is neither a page (.page.tsx) nor an API route (.api.ts)',
      `Rename it to ${sibling(file, suggested)} (or ${sibling(file, asApi ? `${stem}.page.tsx` : `${stem}.api.ts`)}), or drop the brackets if it is a helper.`,
    );
  }
  return { type: 'ignored' };
}

function misnamedRoute(file: string, base: string, word: string, extension: string): FileClass {
  const page = sibling(file, `${base}.page.tsx`);
  const api = sibling(file, `${base}.api.ts`);
  if (word.toLowerCase().startsWith('page')) {
    const why = word === 'page' ? `pages are .tsx files, not .${extension}` : `the suffix is .page, not .${word}`;
    return unknown(file, `is not a page: ${why}`, `Rename it to ${page}.`);
  }
  const why = word === 'api' ? `API routes are .ts files, not .${extension}` : `the suffix is .api, not .${word}`;
  const fix =
    extension === 'tsx' || extension === 'jsx' ? `Rename it to ${api} (an API route) or to ${page} (a page).` : `Rename it to ${api}.`;
  return unknown(file, `is not an API route: ${why}`, fix);
}

function misnamedUnderscoreFile(file: string, stem: string): FileClass {
  const lower = stem.toLowerCase();
  const sameStem = underscoreNames.find((known) => known.replace(scriptFile, '') === lower);
  if (sameStem !== undefined) {
    return unknown(file, `is not a convention file: kit reads only the exact name ${sameStem}`, `Rename it to ${sibling(file, sameStem)}.`);
  }
  const closest = closestName(lower, underscoreNames);
  const known = listInProse(underscoreNames).replace(/ and /, ' or ');
  return unknown(
    file,
    `starts with "_", which is kept for the conventions ${known}, but is none of them`,
    closest === null
      ? `Rename it to one of ${known}; if it is a helper module, drop the leading "_".`
      : `Rename it to ${sibling(file, closest)}; if it is a helper module, drop the leading "_".`,
  );
}

/** The known name within edit distance 2 of `stem`, if exactly one is closest. */
function closestName(stem: string, names: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const name of names) {
    const distance = editDistance(stem, name.replace(scriptFile, ''));
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

function sibling(file: string, name: string): string {
  return joinPath(folderOf(file), name);
}

function unknown(file: string, problem: string, fix: string): FileClass {
  return { type: 'unknown', message: `${file} ${problem}; it is ignored`, fix };
}
