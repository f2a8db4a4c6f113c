import { stemWord } from './stem.js';

/**
 * Abbreviations that identifiers and code use for ordinary words (`storeDir`, `c.req`, `param()`,
 * `pkg`), each with the words it stands for. A reader asks in words ("store directory", "path
 * parameter"), the API names the thing in its short form, so each side also finds the other.
 * Only abbreviations with one reading in programming text belong here.
 */
const ABBREVIATIONS: readonly (readonly [string, readonly string[]])[] = [
  ['arg', ['argument']],
  ['args', ['arguments']],
  ['async', ['asynchronous', 'asynchronously']],
  ['attr', ['attribute']],
  ['cert', ['certificate']],
  ['cfg', ['configuration']],
  ['config', ['configuration']],
  ['ctx', ['context']],
  ['db', ['database']],
  ['dep', ['dependency']],
  ['deps', ['dependencies']],
  ['dir', ['directory']],
  ['dirs', ['directories']],
  ['env', ['environment']],
  ['err', ['error']],
  ['fn', ['function']],
  ['func', ['function']],
  ['impl', ['implementation']],
  ['info', ['information']],
  ['init', ['initialize', 'initialization']],
  ['lib', ['library']],
  ['max', ['maximum']],
  ['min', ['minimum']],
  ['msg', ['message']],
  ['num', ['number']],
  ['opts', ['options']],
  ['param', ['parameter']],
  ['params', ['parameters']],
  ['pkg', ['package']],
  ['pkgs', ['packages']],
  ['repo', ['repository']],
  ['req', ['request']],
  ['res', ['response']],
  ['spec', ['specification']],
  ['src', ['source']],
  ['str', ['string']],
  ['sync', ['synchronous', 'synchronously']],
  ['tmp', ['temporary']],
  ['util', ['utility']],
  ['utils', ['utilities']],
  ['var', ['variable']],
  ['vars', ['variables']],
];

/** Stem → the stems it abbreviates or is abbreviated by. */
const PARTNERS: ReadonlyMap<string, readonly string[]> = (() => {
  const partners = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    if (from === to) return;
    const set = partners.get(from) ?? new Set<string>();
    set.add(to);
    partners.set(from, set);
  };
  for (const [short, words] of ABBREVIATIONS) {
    const shortStem = stemWord(short);
    for (const word of words) {
      const wordStem = stemWord(word);
      link(shortStem, wordStem);
      link(wordStem, shortStem);
    }
  }
  return new Map([...partners].map(([stem, set]) => [stem, [...set].sort()]));
})();

/**
 * The stems a word's stem stands for as an abbreviation, or that abbreviate it (`dir` ↔ `directori`).
 *
 * @example
 * ```ts
 * import { abbreviationPartners } from './abbreviations.js';
 *
 * abbreviationPartners('directori'); // ['dir']
 * ```
 */
export function abbreviationPartners(stem: string): readonly string[] {
  return PARTNERS.get(stem) ?? NONE;
}

const NONE: readonly string[] = [];
