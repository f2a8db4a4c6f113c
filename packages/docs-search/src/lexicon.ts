import type { SynonymGroups } from './types.js';

/**
 * Words that software documentation uses interchangeably for the same act or thing: a reader asks
 * "order in which middleware runs" of a page titled "Execution order", or "remove a cookie" of
 * `deleteCookie`. A folder served with no settings has no synonym table of its own; these few groups
 * stand in for one (`createSearchIndex` uses them when it is given no synonyms, or when asked to).
 *
 * Only pairs with one reading in any programming text belong here. Pairs that some tools tell apart
 * stay out: `install` and `add` are two pnpm commands, `fetch` and `get` two different things in many
 * APIs.
 */
export const BUILT_IN_SYNONYMS: SynonymGroups = [
  ['run', 'execute', 'execution'],
  ['delete', 'remove'],
  ['abort', 'cancel'],
  ['folder', 'directory'],
  ['error', 'exception'],
];
