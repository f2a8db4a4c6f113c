/** The queries of the benchmark: sampled from the loaded documentation itself, so any folder set works. */

/** The part of a section the sampler reads. */
export interface SampledSection {
  readonly heading: string;
  readonly documentTitle: string;
  readonly code: string;
  readonly level: number;
}

/** Headings that say nothing about their library: never sampled as a query. */
const genericHeadings =
  /^(overview|introduction|example|examples|usage|options|notes?|installation|install|summary|see also|api|parameters|returns|type|default|details|description|todo|faq|\W*)$/i;

/**
 * `count` queries from one version's sections, spread evenly over them: about two thirds headings
 * (lower-cased, as people type them), one third identifiers found in code (`defineConfig`,
 * `useQueryClient`). The same sections give the same queries.
 *
 * @example
 * ```ts
 * sampleQueries([{ heading: 'Dev server proxy', documentTitle: 'Server options', code: 'server.proxy', level: 2 }], 1); // ['dev server proxy']
 * ```
 */
export function sampleQueries(sections: readonly SampledSection[], count: number): string[] {
  const headings = unique(
    sections
      .filter((section) => section.level > 1 && !genericHeadings.test(section.heading.trim()))
      .map((section) =>
        section.heading
          .replace(/[`*_#]/g, '')
          .replace(/\s+/g, ' ')
          .trim()
          .toLowerCase(),
      )
      .filter((heading) => heading.length >= 4 && heading.length <= 60),
  );
  const identifiers = unique(sections.flatMap((section) => section.code.match(/\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+\b/g) ?? [])).filter(
    (identifier) => identifier.length >= 6,
  );
  const fromIdentifiers = Math.min(identifiers.length, Math.floor(count / 3));
  return unique([...spread(headings, count - fromIdentifiers), ...spread(identifiers, fromIdentifiers)]).slice(0, count);
}

/**
 * Queries that name a library, each with the library it names, to check that it comes first in
 * cross-library search: the handful of the issue and one per library made of its name and one of
 * its headings.
 */
export function namedQueries(
  libraries: readonly { readonly id: string; readonly title: string; readonly sections: readonly SampledSection[] }[],
): { readonly q: string; readonly library: string }[] {
  const fixed = [
    { q: 'hono cors middleware', library: 'hono' },
    { q: 'pnpm workspace protocol', library: 'pnpm' },
    { q: 'httpx timeout configuration', library: 'httpx' },
    { q: 'vite dev server proxy', library: 'vite' },
    { q: 'fastapi dependency injection', library: 'fastapi' },
    { q: 'pydantic field validator', library: 'pydantic' },
    { q: 'jest mock functions', library: 'jest' },
    { q: 'vue router navigation guards', library: 'vue-router' },
    { q: 'react router loader', library: 'react-router' },
    { q: 'tanstack query invalidate queries', library: 'tanstack-query' },
  ];
  const present = new Set(libraries.map((library) => library.id));
  const sampled = libraries.flatMap((library) => {
    const [heading] = sampleQueries(library.sections, 1);
    return heading ? [{ q: `${library.id} ${heading}`, library: library.id }] : [];
  });
  return [...fixed.filter((entry) => present.has(entry.library)), ...sampled];
}

/** Every `n`-th item so that `count` are taken from the whole list, in order. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (count <= 0 || items.length === 0) return [];
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, index) => items[Math.floor(index * step)]!);
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
