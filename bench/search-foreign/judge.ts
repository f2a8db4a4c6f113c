import type { SearchableSection } from '@kit/docs-search';

/** The kinds of question the foreign benchmark reports on separately. */
export type ForeignQueryKind = 'natural-language' | 'how-to' | 'identifier' | 'identifier-as-words' | 'config-option' | 'concept';

/**
 * The failure modes issue 16 found on a real doc set, marked on the queries that probe them:
 * generic words of a question matching the parts of an identifier (`testClient` pulled by "type-safe
 * client"), a function named by its concept (`query()` for "read query string parameters"), and a
 * page about a neighbouring feature outranking the right one.
 */
export type FailureMode = 'identifier-parts' | 'concept' | 'neighbour';

/** A section of a doc set, named by its page slug and one or more acceptable headings. */
export interface ExpectedSection {
  readonly page: string;
  /** The heading as the page writes it (compared without case, punctuation or spacing). */
  readonly heading: string | readonly string[];
}

/**
 * One judged question about a foreign doc set, written by hand after reading the pages: the section
 * that answers it (and any other section that answers it as well), or a `mustContain` judgement.
 */
export interface ForeignQuery extends ExpectedSection {
  readonly q: string;
  readonly kind: ForeignQueryKind;
  /** Other sections that answer the question just as well. */
  readonly also?: readonly ExpectedSection[];
  /** Alternative judgement: any section whose heading and text contain every string (ignoring case). */
  readonly mustContain?: readonly string[];
  readonly failureMode?: FailureMode;
}

/** The sections and pages that answer one query. */
export interface Judgement {
  readonly sections: ReadonlySet<string>;
  readonly pages: ReadonlySet<string>;
}

/**
 * The page of a section id: `helpers/testing#import` and the docs service's `/docs/helpers/testing#import`
 * both give `helpers/testing`; an index page's `x/index` gives `x`.
 *
 * @example
 * ```ts
 * pageOf('/docs/api/index#overview'); // 'api'
 * ```
 */
export function pageOf(id: string): string {
  const path = id
    .split('#')[0]!
    .replace(/^\/docs\//u, '')
    .replace(/^\/+/u, '')
    .toLowerCase();
  const withoutIndex = path.replace(/(?:^|\/)(?:index|readme)$/u, '');
  return withoutIndex === '' ? 'index' : withoutIndex;
}

/**
 * A heading reduced to its letters and digits, lower case: `` `testClient()` `` and `testClient()` compare equal.
 *
 * @example
 * ```ts
 * headingKey('set() / get()'); // 'setget'
 * ```
 */
export function headingKey(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The sections (by id) and pages that answer `query` among `sections`.
 *
 * @example
 * ```ts
 * judge({ q: 'read query string', kind: 'concept', page: 'api/request', heading: 'query()' }, sections);
 * ```
 */
export function judge(query: ForeignQuery, sections: readonly SearchableSection[]): Judgement {
  const expected = [query, ...(query.also ?? [])].map((entry) => ({
    page: pageOf(entry.page),
    headings: new Set((typeof entry.heading === 'string' ? [entry.heading] : entry.heading).map(headingKey)),
  }));
  const needles = query.mustContain?.map((needle) => needle.toLowerCase());
  const ids = new Set<string>();
  const pages = new Set<string>(expected.map((entry) => entry.page));
  for (const section of sections) {
    const page = pageOf(section.id);
    const key = headingKey(section.heading);
    const named = expected.some((entry) => entry.page === page && entry.headings.has(key));
    const contains =
      needles !== undefined && needles.every((needle) => `${section.heading}\n${section.text}`.toLowerCase().includes(needle));
    if (named || contains) {
      ids.add(section.id);
      pages.add(page);
    }
  }
  return { sections: ids, pages };
}

/**
 * Whether the first hit is on a page that answers the query (page-level Success@1).
 *
 * @example
 * ```ts
 * firstPageRight(['api/request#query'], { sections: new Set(), pages: new Set(['api/request']) }); // true
 * ```
 */
export function firstPageRight(ranked: readonly string[], judgement: Judgement): boolean {
  const first = ranked[0];
  return first !== undefined && judgement.pages.has(pageOf(first));
}

/**
 * Splits a query set into the part used while tuning and the held-out part (every third query,
 * starting with the third), so the split does not depend on anything but the order queries were written in.
 *
 * @example
 * ```ts
 * splitHeldOut(['a', 'b', 'c', 'd']); // { tuning: ['a', 'b', 'd'], heldOut: ['c'] }
 * ```
 */
export function splitHeldOut<T>(queries: readonly T[]): { tuning: T[]; heldOut: T[] } {
  const tuning: T[] = [];
  const heldOut: T[] = [];
  queries.forEach((query, index) => (index % 3 === 2 ? heldOut : tuning).push(query));
  return { tuning, heldOut };
}
