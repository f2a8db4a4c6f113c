import { createSearchIndex, type SearchIndex } from '@kit/docs-search';
import type { Section } from '../content/index.js';
import { toSearchableSections } from '../search/index.js';
import type { Library, LibraryVersion } from './catalog.js';

/** One ranked section of some library. */
export interface CrossSearchResult {
  readonly library: Library;
  readonly version: LibraryVersion;
  readonly section: Section;
  readonly score: number;
  readonly snippet: string;
}

/** Search across the latest version of every library. */
export interface CrossSearch {
  /**
   * Ranked sections of all libraries. A query that names libraries (`hono cors middleware`) lists
   * those libraries' sections first, ranked by the rest of the query within each.
   */
  search(query: string, options: { readonly limit: number }): CrossSearchResult[];
  /** The libraries a query names, by id, alias or title word. */
  namedLibraries(query: string): Library[];
}

const separator = '\u0000';

/**
 * One index over every library's latest sections, so scores compare across libraries (each term
 * weighs by how rare it is in all of them); built once per catalog.
 */
export function createCrossSearch(libraries: readonly Library[]): CrossSearch {
  let index: SearchIndex | undefined;
  const owners = new Map<string, { library: Library; section: Section }>();
  const build = () => {
    const sections = libraries.flatMap((library) =>
      toSearchableSections(library.latest.state.content).map((searchable, position) => {
        const section = library.latest.state.content.sections[position]!;
        const id = `${library.id}${separator}${searchable.id}`;
        owners.set(id, { library, section });
        return { ...searchable, id };
      }),
    );
    const synonyms = libraries.flatMap((library) => library.latest.state.content.synonyms);
    return createSearchIndex(sections, { synonyms });
  };
  const names = libraryNames(libraries);
  // Built now when there is more than one library, so the first request across them does not pay for it.
  if (libraries.length > 1) index = build();

  const namedLibraries = (query: string): Library[] => {
    const found: Library[] = [];
    for (const word of queryWords(query)) {
      const library = names.get(word);
      if (library && !found.includes(library)) found.push(library);
    }
    return found;
  };

  return {
    namedLibraries,
    search(query, { limit }) {
      index ??= build();
      const named = namedLibraries(query);
      const first: CrossSearchResult[] = [];
      if (named.length > 0) {
        const rest = stripNames(query, names);
        for (const library of named) {
          const hits = rest === '' ? [] : library.latest.state.search.search(rest, { limit });
          for (const hit of hits) first.push({ library, version: library.latest, ...hit });
          if (rest === '') {
            // Only the name was asked: the library's overview sections, in navigation order.
            for (const section of library.latest.state.content.sections.filter((s) => s.level === 1).slice(0, limit))
              first.push({ library, version: library.latest, section, score: 0, snippet: section.text.slice(0, 300) });
          }
        }
      }
      const seen = new Set(first.map((result) => `${result.library.id}${separator}${result.section.url}`));
      const others = index.search(query, { limit: limit + seen.size }).flatMap((hit): CrossSearchResult[] => {
        const owner = owners.get(hit.id);
        if (!owner || seen.has(hit.id)) return [];
        return [{ library: owner.library, version: owner.library.latest, section: owner.section, score: hit.score, snippet: hit.snippet }];
      });
      return [...first, ...others].slice(0, limit);
    },
  };
}

/** Lower-case words a library answers to in a query: its id, its aliases and their last segment, its one-word title. */
function libraryNames(libraries: readonly Library[]): Map<string, Library> {
  const names = new Map<string, Library>();
  for (const library of libraries) {
    const candidates = [library.id, ...library.aliases, library.title];
    for (const candidate of candidates) {
      const lower = candidate.trim().toLowerCase();
      if (lower === '' || /\s/.test(lower)) continue;
      if (!names.has(lower)) names.set(lower, library);
    }
  }
  return names;
}

function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s,;:!?()"']+/)
    .map((word) => word.replace(/^[.]+|[.]+$/g, ''))
    .filter(Boolean);
}

function stripNames(query: string, names: ReadonlyMap<string, Library>): string {
  return query
    .split(/\s+/)
    .filter((word) => !names.has(word.toLowerCase().replace(/^[("']+|[)"',.;:!?]+$/g, '')))
    .join(' ')
    .trim();
}
