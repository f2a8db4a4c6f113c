import { invalidInput, KitError, quoteInput } from '@kit/kit-core';
import type { Catalog, Library, LibraryVersion } from '../library/catalog.js';
import { pickVersion } from '../library/versions.js';
import { normalise, suggest } from './suggest.js';
import type { UrlMaker } from './urls.js';

/** The optional `library` and `version` of a request. */
export interface LibraryRequest {
  readonly library?: string | undefined;
  readonly version?: string | undefined;
}

/**
 * The library a request names: by id or alias, without case; none gives the default library. An
 * unknown name is a 404 with the closest ids and the way to look one up.
 */
export function chooseLibrary(catalog: Catalog, name: string | undefined): Library {
  if (name === undefined) return catalog.defaultLibrary;
  const key = name.trim().toLowerCase();
  if (key === '*')
    throw invalidInput([
      { field: 'library', message: '"*" (every library) is for /api/search only; name one library here, as listed by GET /api/libraries' },
    ]);
  const found = catalog.byId.get(key) ?? catalog.libraries.find((library) => library.aliases.some((alias) => alias.toLowerCase() === key));
  if (found) return found;
  // A name only one library answers to for certain (`@hono/hono`, `Hono`) is as good as its id.
  const sure = resolveLibraryName(catalog, name).filter((match) => match.score >= 0.8);
  if (sure.length === 1) return sure[0]!.library;
  const suggestions = resolveLibraryName(catalog, name)
    .slice(0, 3)
    .map((match) => match.library.id);
  const near = suggestions.length > 0 ? `; did you mean ${suggestions.map((id) => `"${id}"`).join(' or ')}?` : '.';
  throw new KitError(
    'not_found',
    `No library ${quoteInput(name)}${near} List the libraries with GET /api/libraries, or resolve a name with GET /api/libraries?name=.`,
    {
      suggestions,
    },
  );
}

/**
 * The version a request asks for: its latest without `version`; else the label itself or the newest
 * inside a range (`4`, `^4.2`, `~0.27`, `4.x`). An unknown one is a 404 listing the versions there are.
 */
export function chooseVersion(catalog: Catalog, request: LibraryRequest): LibraryVersion {
  const library = chooseLibrary(catalog, request.library);
  if (request.version === undefined || request.version.trim().toLowerCase() === 'latest') return library.latest;
  const labels = library.versions.map((version) => version.version);
  const label = pickVersion(labels, request.version);
  if (label === undefined) {
    throw new KitError(
      'not_found',
      `Library "${library.id}" has no version ${quoteInput(request.version)}; it has ${labels.join(', ')}. Send one of them, a range such as ${rangeExample(labels)}, or leave version out for the latest.`,
      { suggestions: labels },
    );
  }
  return library.versions.find((version) => version.version === label)!;
}

/** A range that picks the newest version: `"4"` for 4.6.0, `"0.28"` for 0.28.1 (a 0 major says little). */
function rangeExample(labels: readonly string[]): string {
  const parts = /^v?(\d+)(?:\.(\d+))?/.exec(labels[0] ?? '');
  if (!parts) return '"4" or "^4.2"';
  const [, major, minor] = parts;
  return major === '0' && minor !== undefined ? `"0.${minor}" or "~0.${minor}"` : `"${major}" or "^${major}.0"`;
}

/**
 * Urls of one library version: as they are for the default library's latest version, else under
 * `/libraries/{id}/{version}`.
 */
export function versionUrls(url: UrlMaker, version: LibraryVersion): UrlMaker {
  return version.base === '' ? url : (path) => url(`${version.base}${path}`);
}

/**
 * Markdown of a library version whose pages live under a prefix: its links to other documents and
 * images (`/docs/…`, `/media/…`, made site-relative when the folder was loaded) gain the prefix so
 * they lead to the same version.
 */
export function relinkMarkdown(markdown: string, version: LibraryVersion): string {
  if (version.base === '') return markdown;
  return markdown
    .replace(/(\]\(|<img [^>]*src="|<a [^>]*href=")\/(?=docs\/|media\/|[)"#])/g, `$1${version.base}/`)
    .replace(/^(\s{0,3}\[[^\]\n]+\]:\s*)\/(?=docs\/|media\/|\s|$)/gm, `$1${version.base}/`);
}

/** One candidate for a free-text library name, best first. */
export interface LibraryMatch {
  readonly library: Library;
  /** 1 for an exact id or alias, less for partial and fuzzy matches. */
  readonly score: number;
  /** What matched: `id`, `alias`, `title`, `package` (the last part of a scoped name) or `similar`. */
  readonly matchedBy: 'id' | 'alias' | 'title' | 'package' | 'similar';
}

/**
 * Libraries a free-text name may mean (`hono`, `Hono`, `@hono/zod-validator`, `honojs`): exact id or
 * alias first, then the title, then the part after a scope or the name without a `js` ending, then
 * similar spellings.
 */
export function resolveLibraryName(catalog: Catalog, name: string): LibraryMatch[] {
  const key = name.trim().toLowerCase();
  const wanted = normalise(name);
  const bare = normalise(key.replace(/^@[^/]+\//, '').replace(/(?:\.?js)$/, ''));
  const matches: LibraryMatch[] = [];
  for (const library of catalog.libraries) {
    const aliases = library.aliases.map((alias) => alias.toLowerCase());
    if (library.id === key) matches.push({ library, score: 1, matchedBy: 'id' });
    else if (aliases.includes(key)) matches.push({ library, score: 1, matchedBy: 'alias' });
    else if (normalise(library.title) === wanted || normalise(library.id) === wanted)
      matches.push({ library, score: 0.9, matchedBy: 'title' });
    else if (bare !== '' && [library.id, ...aliases].some((candidate) => normalise(candidate.replace(/^@[^/]+\//, '')) === bare))
      matches.push({ library, score: 0.8, matchedBy: 'package' });
  }
  const words = key.split(/\s+/).filter(Boolean);
  if (matches.length === 0 && words.length > 1) {
    // "httpx python", "the hono framework": a name among other words.
    for (const word of words)
      for (const match of resolveLibraryName(catalog, word))
        if (match.score >= 0.8 && !matches.some((known) => known.library === match.library)) matches.push({ ...match, score: 0.8 });
  }
  const found = new Set(matches.map((match) => match.library));
  const names = catalog.libraries.flatMap((library) =>
    [library.id, library.title, ...library.aliases].map((candidate) => ({ library, candidate })),
  );
  for (const similar of suggest(
    name,
    names.map((entry) => entry.candidate),
    5,
  )) {
    const library = names.find((entry) => entry.candidate === similar)!.library;
    if (found.has(library)) continue;
    found.add(library);
    matches.push({ library, score: 0.5, matchedBy: 'similar' });
  }
  return matches;
}

/** `library` and `version` for answers to requests that named either, so the caller sees what was picked. */
export function namedOf(input: LibraryRequest, chosen: LibraryVersion): { library?: string; version?: string } {
  return input.library === undefined && input.version === undefined ? {} : { library: chosen.library, version: chosen.version };
}

/** `?library=hono&version=4` (or with `&`) for the urls an error message suggests; empty for the default library. */
export function libraryQuery(named: { readonly library?: string; readonly version?: string }, lead: '?' | '&'): string {
  if (named.library === undefined) return '';
  return `${lead}library=${encodeURIComponent(named.library)}&version=${encodeURIComponent(named.version ?? '')}`;
}
