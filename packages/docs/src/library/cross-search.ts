import { createSearchIndex, type SearchIndex } from '@kit/docs-search';
import type { Section } from '../content/index.js';
import { toSearchableSections } from '../search/index.js';
import type { CrossSearch, CrossSearchResult, Library } from './types.js';

export type { CrossSearch, CrossSearchResult } from './types.js';

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

  const namedLibraries = (query: string): Library[] => findNames(query, names).libraries;

  return {
    namedLibraries,
    search(query, { limit }) {
      index ??= build();
      const { libraries: named, rest } = findNames(query, names);
      const first: CrossSearchResult[] = [];
      if (named.length > 0) {
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

/** Longest name matched, in words: `tanstack react query`. */
const longestName = 4;

/**
 * Names as word sequences (`vue-router`, `Vue Router` and `@vue/router` are `vue router`; `hono.dev` is
 * `hono dev`), each leading to its library; the first library to claim a name keeps it.
 */
function libraryNames(libraries: readonly Library[]): Map<string, Library> {
  const names = new Map<string, Library>();
  for (const library of libraries) {
    for (const name of library.names) {
      const words = nameWords(name);
      if (words.length === 0 || words.length > longestName) continue;
      const key = words.join(' ');
      if (!names.has(key)) names.set(key, library);
    }
  }
  return names;
}

function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/^@/, '')
    .split(/[\s/_.-]+/)
    .filter(Boolean);
}

/** The words of a query with their positions, for matching names and taking them out again. */
function queryWords(query: string): { word: string; start: number; end: number }[] {
  const words: { word: string; start: number; end: number }[] = [];
  for (const match of query.matchAll(/[\p{L}\p{N}@]+(?:['’][\p{L}]+)?/gu)) {
    const word = match[0]
      .toLowerCase()
      .replace(/['’]s$/, '')
      .replace(/^@/, '');
    words.push({ word, start: match.index, end: match.index + match[0].length });
  }
  return words;
}

/** Libraries a query names, longest name first at each position, and the query without those names. */
function findNames(query: string, names: ReadonlyMap<string, Library>): { libraries: Library[]; rest: string } {
  const words = queryWords(query);
  const libraries: Library[] = [];
  const cuts: [number, number][] = [];
  for (let at = 0; at < words.length;) {
    let matched = 0;
    for (let length = Math.min(longestName, words.length - at); length > 0 && matched === 0; length--) {
      const library = names.get(
        words
          .slice(at, at + length)
          .map((entry) => entry.word)
          .join(' '),
      );
      if (library) {
        if (!libraries.includes(library)) libraries.push(library);
        cuts.push([words[at]!.start, words[at + length - 1]!.end]);
        matched = length;
      }
    }
    at += Math.max(matched, 1);
  }
  let rest = query;
  for (const [start, end] of cuts.reverse()) rest = `${rest.slice(0, start)} ${rest.slice(end)}`;
  return { libraries, rest: rest.replace(/\s+/g, ' ').trim() };
}
