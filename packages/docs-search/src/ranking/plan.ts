import { abbreviationPartners } from '../analysis/abbreviations.js';
import { singular } from '../analysis/plural.js';
import type { ParsedQuery, QueryWord } from '../query/parse.js';
import { findSynonyms, type SynonymTable } from '../synonyms.js';
import type { SurfaceMatch, Vocabulary } from '../vocabulary.js';

/** One indexed term a query slot may match, with how much a match through it is worth. */
export interface Expansion {
  readonly termId: number;
  /** 1 for an exact (or same-stem) match, less for completions and corrections. */
  readonly factor: number;
  /** The term's idf, capped at the exact term's idf for completions so they never outweigh it. */
  readonly idf: number;
}

/** One query word (or synonym word) with every indexed term it may match. */
export interface Slot {
  readonly expansions: readonly Expansion[];
}

/** One way of satisfying a clause: the words as typed, or a synonym. */
export interface Alternative {
  readonly weight: number;
  readonly slots: readonly Slot[];
  /** A synonym phrase counts only when all of its words are present. */
  readonly requireAll: boolean;
}

/** A unit of the query that a section matches or not. */
export interface Clause {
  readonly alternatives: readonly Alternative[];
  /** How many query words the clause stands for; 0 for whole-identifier clauses, which only add. */
  readonly coverage: number;
  /** Every term id the clause may match, for heading and snippet checks. */
  readonly termIds: ReadonlySet<number>;
  /** Singular forms of the words as typed (word clauses only), to tell them from other words of the same stem. */
  readonly typedForms: ReadonlySet<string>;
  /** The few strongest term ids (exact, synonym or one-typo matches), whose positions proximity compares. */
  readonly proximityTermIds: readonly number[];
}

/** A query turned into term ids of one index. */
export interface QueryPlan {
  readonly clauses: readonly Clause[];
  /** Whole identifiers of the query. */
  readonly identifiers: readonly Clause[];
  /** Quoted phrases as term ids; `undefined` marks a phrase with a word the index does not know. */
  readonly phrases: readonly (readonly number[] | undefined)[];
}

/** How much a match is worth when it is not exact (see docs/search-design.md). */
export const MATCH_FACTORS = {
  synonym: 0.85,
  completionBesideExact: 0.3,
  completion: 0.75,
  oneTypo: 0.5,
  twoTypos: 0.3,
  abbreviation: 0.8,
  closedUp: 0.9,
} as const;

/** Completions looked at, and kept: the most common ones, being the likeliest meant. */
const COMPLETION_SCAN = 200;
const COMPLETION_LIMIT = 24;
/** Beside a known word, completions are a minor signal, so fewer are worth their cost. */
const COMPLETION_LIMIT_BESIDE_EXACT = 8;

/**
 * Resolves a parsed query against the vocabulary: exact terms, completions of the last word,
 * corrections of words the index does not know, and synonym alternatives.
 *
 * @example
 * ```ts
 * import { buildIndexData } from '../build.js';
 * import { parseQuery } from '../query/parse.js';
 * import { compileSynonyms } from '../synonyms.js';
 * import { planQuery } from './plan.js';
 *
 * const data = buildIndexData([{ id: 'a', documentTitle: 'A', heading: 'Agents', text: 'agents', code: '', topics: [] }]);
 * planQuery(parseQuery('agnets'), data.vocabulary, data.idf, compileSynonyms([])).clauses.length; // 1
 * ```
 */
export function planQuery(query: ParsedQuery, vocabulary: Vocabulary, idf: Float64Array, synonyms: SynonymTable): QueryPlan {
  const slotOf = (surface: string, term: string, prefix: boolean, corrections: boolean, abbreviations = false): Slot =>
    resolveSlot(vocabulary, idf, surface, term, prefix, corrections, abbreviations);

  const joined = closedUpCompounds(query.words, vocabulary, idf);
  const wordSlotAt = (position: number): Slot => withExtra(wordSlot(query.words[position]!, slotOf), joined.get(position));
  const clauses: Clause[] = [];
  const matches = findSynonyms(
    synonyms,
    query.words.map((word) => word.term),
  );
  let index = 0;
  while (index < query.words.length) {
    const match = matches.find((candidate) => candidate.start === index);
    if (match === undefined) {
      const word = query.words[index]!;
      index += 1;
      if (word.stop) continue;
      clauses.push(clauseOf([{ weight: 1, requireAll: false, slots: [wordSlotAt(index - 1)] }], 1, [word]));
      continue;
    }
    const span = query.words.slice(index, index + match.length);
    const content = span.filter((word) => !word.stop);
    const typed = content.length > 0 ? content : span;
    const typedStems = typed.map((word) => word.term).join(' ');
    // Without its function words a typed phrase may mean something else (`sign in` is not `sign`),
    // so it then counts no more than its synonyms.
    const typedWeight = typed.length < span.length ? MATCH_FACTORS.synonym : 1;
    const typedSlots = typed.map((word) => wordSlotAt(query.words.indexOf(word)));
    const alternatives: Alternative[] = [{ weight: typedWeight, requireAll: false, slots: typedSlots }];
    // A synonym never outweighs the word typed just for being rarer: its idf is capped at the typed
    // word's (when the index knows the typed word).
    let typedIdf = 0;
    for (const slot of typedSlots) {
      for (const expansion of slot.expansions) if (expansion.factor === 1) typedIdf = Math.max(typedIdf, expansion.idf);
    }
    const cap = typedIdf > 0 ? typedIdf : Number.POSITIVE_INFINITY;
    for (const member of synonyms.groups[match.group]!) {
      if (member.join(' ') === typedStems) continue;
      alternatives.push({
        weight: MATCH_FACTORS.synonym,
        requireAll: member.length > 1,
        slots: member.map((stem) => capIdf(slotOf(stem, stem, false, false), cap)),
      });
    }
    clauses.push(clauseOf(alternatives, typed.length, typed));
    index += match.length;
  }

  const identifiers = query.compounds.map((compound) =>
    clauseOf([{ weight: 1, requireAll: false, slots: [slotOf(compound.surface, compound.surface, compound.prefix, true)] }], 0),
  );
  const phrases = query.phrases.map((stems) => {
    const ids = stems.map((stem) => vocabulary.termId(stem));
    return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
  });
  return { clauses, identifiers, phrases };
}

function wordSlot(
  word: QueryWord,
  slotOf: (surface: string, term: string, prefix: boolean, corrections: boolean, abbreviations?: boolean) => Slot,
): Slot {
  return slotOf(word.surface, word.term, word.prefix, true, true);
}

/**
 * Two words typed apart that the documentation writes as one (`query string` for `querystring`,
 * `set up` for `setup`): each of the two words also matches the closed-up word, so a section that
 * writes it counts as holding both. Only plain words typed on their own are joined, never the
 * parts of an identifier, and only when the index knows the joined word.
 */
function closedUpCompounds(words: readonly QueryWord[], vocabulary: Vocabulary, idf: Float64Array): Map<number, Expansion[]> {
  const extra = new Map<number, Expansion[]>();
  for (let index = 0; index + 1 < words.length; index += 1) {
    const left = words[index]!;
    const right = words[index + 1]!;
    if (!left.standalone || !right.standalone || left.stop || right.stop) continue;
    // The joined form must be written in the text (as typed, or its singular), and as a word, never
    // a whole identifier (`smart agent` is not `SmartAgent`: identifiers typed as words are matched
    // by their words and positions already). Looking up written forms spares stemming every pair.
    const joined = left.surface + right.surface;
    const written = vocabulary.termsOfSurface(joined);
    const termIds = (written.length > 0 ? written : vocabulary.termsOfSurface(singular(joined))).filter(
      (termId) => !vocabulary.isCompound(termId),
    );
    for (const termId of termIds) {
      const expansion = { termId, factor: MATCH_FACTORS.closedUp, idf: idf[termId]! };
      for (const position of [index, index + 1]) extra.set(position, [...(extra.get(position) ?? []), expansion]);
    }
  }
  return extra;
}

function withExtra(slot: Slot, extra: readonly Expansion[] | undefined): Slot {
  if (extra === undefined) return slot;
  const known = new Set(slot.expansions.map((expansion) => expansion.termId));
  // A closed-up word is often rarer than either half; it never outweighs the word typed.
  let typedIdf = 0;
  for (const expansion of slot.expansions) if (expansion.factor === 1) typedIdf = Math.max(typedIdf, expansion.idf);
  const cap = typedIdf > 0 ? typedIdf : Number.POSITIVE_INFINITY;
  const added = extra
    .filter((expansion) => !known.has(expansion.termId))
    .map((expansion) => (expansion.idf > cap ? { ...expansion, idf: cap } : expansion));
  return added.length === 0 ? slot : { expansions: [...slot.expansions, ...added].sort((a, b) => a.termId - b.termId) };
}

const PROXIMITY_TERMS = 3;
const PROXIMITY_MINIMUM_FACTOR = 0.5;

function clauseOf(alternatives: Alternative[], coverage: number, typed: readonly QueryWord[] = []): Clause {
  const termIds = new Set<number>();
  const strong: Expansion[] = [];
  for (const alternative of alternatives) {
    for (const slot of alternative.slots) {
      for (const expansion of slot.expansions) {
        termIds.add(expansion.termId);
        if (expansion.factor * alternative.weight >= PROXIMITY_MINIMUM_FACTOR) strong.push(expansion);
      }
    }
  }
  strong.sort((a, b) => b.factor * b.idf - a.factor * a.idf || a.termId - b.termId);
  const proximityTermIds = [...new Set(strong.map((expansion) => expansion.termId))].slice(0, PROXIMITY_TERMS);
  const typedForms = new Set(typed.map((word) => singular(word.surface)));
  return { alternatives, coverage, termIds, proximityTermIds, typedForms };
}

function resolveSlot(
  vocabulary: Vocabulary,
  idf: Float64Array,
  surface: string,
  term: string,
  prefix: boolean,
  corrections: boolean,
  abbreviations: boolean,
): Slot {
  const best = new Map<number, Expansion>();
  const offer = (expansion: Expansion): void => {
    const known = best.get(expansion.termId);
    if (known === undefined || known.factor * known.idf < expansion.factor * expansion.idf) {
      best.set(expansion.termId, expansion);
    }
  };

  const exactIds = new Set<number>(vocabulary.termsOfSurface(surface));
  const stemId = vocabulary.termId(term);
  if (stemId !== undefined) exactIds.add(stemId);
  let exactIdf = 0;
  for (const termId of exactIds) {
    offer({ termId, factor: 1, idf: idf[termId]! });
    exactIdf = Math.max(exactIdf, idf[termId]!);
  }
  const hasExact = exactIds.size > 0;
  const cap = hasExact ? exactIdf : Number.POSITIVE_INFINITY;

  if (prefix && surface.length >= 2) {
    const base = hasExact ? MATCH_FACTORS.completionBesideExact : MATCH_FACTORS.completion;
    const limit = hasExact ? COMPLETION_LIMIT_BESIDE_EXACT : COMPLETION_LIMIT;
    for (const completion of likeliestCompletions(vocabulary, idf, surface, limit)) {
      // A completion that adds little to what was typed is more likely what was meant.
      const closeness = Math.sqrt(surface.length / completion.surface.length);
      for (const termId of completion.termIds) {
        if (exactIds.has(termId)) continue;
        offer({ termId, factor: base * closeness, idf: Math.min(idf[termId]!, cap) });
      }
    }
  }

  if (abbreviations) {
    // `dir` for `directory` and the reverse: an identifier's short form names the same thing.
    for (const partner of abbreviationPartners(term)) {
      const termId = vocabulary.termId(partner);
      if (termId === undefined || exactIds.has(termId)) continue;
      offer({ termId, factor: MATCH_FACTORS.abbreviation, idf: Math.min(idf[termId]!, cap) });
    }
  }

  if (corrections && !hasExact) {
    for (const correction of vocabulary.corrections(surface)) {
      const factor = correction.distance === 1 ? MATCH_FACTORS.oneTypo : MATCH_FACTORS.twoTypos;
      for (const termId of correction.termIds) offer({ termId, factor, idf: idf[termId]! });
    }
  }
  return { expansions: [...best.values()].sort((a, b) => a.termId - b.termId) };
}

function likeliestCompletions(vocabulary: Vocabulary, idf: Float64Array, prefix: string, limit: number): SurfaceMatch[] {
  // Lowest idf first: the completions most sections use are the likeliest meant.
  return vocabulary.completions(prefix, COMPLETION_SCAN, (termIds) => idf[termIds[0]!]!, limit);
}

function capIdf(slot: Slot, cap: number): Slot {
  return { expansions: slot.expansions.map((expansion) => (expansion.idf > cap ? { ...expansion, idf: cap } : expansion)) };
}
