/** Options of `checkDisplayName`. */
export interface DisplayNameOptions {
  /**
   * More words no name may contain as a word of its own, compared without case, accents or look-alike
   * letters (`['reviewer', 'helpdesk']`); they add to the built-in ones.
   */
  readonly reserved?: readonly string[];
  /** Longest name, in characters after normalisation. Default 100. */
  readonly maxLength?: number;
}

/** Why `checkDisplayName` refused a name: a stable code for the app's own wording. */
export type DisplayNameProblem = 'empty' | 'too_long' | 'characters' | 'reserved';

/** What `checkDisplayName` found: the name to store, or why it was refused, in words a person can act on. */
export type DisplayNameCheck =
  { readonly ok: true; readonly name: string } | { readonly ok: false; readonly problem: DisplayNameProblem; readonly message: string };

/**
 * Words that name a role or mark a program rather than a person. A display name holding one of them as a word
 * could pass for the app's staff or for an agent (`Admin`, `bob-bot (agent)`).
 */
const builtInReserved = [
  'admin',
  'administrator',
  'root',
  'system',
  'moderator',
  'mod',
  'staff',
  'support',
  'security',
  'official',
  'owner',
  'agent',
  'bot',
];

// Letters of other scripts that look like Latin ones, and digits and signs used for letters, so that
// `Аdmin` (a Cyrillic А), `Adm1n` and `$ystem` are compared as `admin` and `system`.
const lookAlikes: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ɡ: 'g',
  ı: 'i',
  ł: 'l',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

/** Letters (with their marks), digits, spaces, and `' ’ . , -`: what names of people are written with. */
const allowed = /^[\p{L}\p{M}\p{Nd} '’.,-]+$/u;

/** The words of a text as they are compared with the reserved ones: lower case, accents dropped, look-alikes mapped. */
function wordsOf(text: string): string[] {
  const folded = [...text.normalize('NFKD').toLowerCase()]
    .filter((character) => !/\p{M}/u.test(character))
    .map((character) => lookAlikes[character] ?? character)
    .join('');
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  // Also the whole name with its separators removed, so `A d m i n` and `ad-min` are compared as `admin`.
  return [...words, words.join('')];
}

/**
 * Checks a display name a person chose (at sign-up, or when renaming themselves) and returns the form to
 * store, so that nobody can pass for a role or for an agent where the app shows names. It normalises the name
 * (NFKC, surrounding spaces dropped, runs of spaces made one) and refuses:
 * - `empty`: nothing left;
 * - `too_long`: more than `maxLength` characters (100);
 * - `characters`: anything but letters, digits, spaces and `' ’ . , -`: no brackets (so no `(agent)` mark),
 *   no `@` or `:`, no emoji, no invisible or direction-changing characters;
 * - `reserved`: a word naming a role or a program (`admin`, `administrator`, `root`, `system`, `moderator`,
 *   `mod`, `staff`, `support`, `security`, `official`, `owner`, `agent`, `bot`, and your `reserved`
 *   words), compared without case or accents and with look-alike letters mapped (`Аdmin` with a Cyrillic
 *   `А`, `Adm1n`, `A d m i n`), so `bob-bot` and `Admin Team` are refused but `Abbot` and `Badminton` are not.
 *
 * It never throws on the input.
 *
 * @param input - The name from the form; anything that is not a string is `empty`.
 * @param options - `reserved` (more words), `maxLength` (default 100).
 *
 * @example
 * ```ts
 * import { checkDisplayName } from '@kit/kit-auth';
 *
 * console.log(checkDisplayName('  Ada   Lovelace ')); // { ok: true, name: 'Ada Lovelace' }
 * console.log(checkDisplayName('bob-bot (agent)').ok); // false
 * const check = checkDisplayName('Admin');
 * if (!check.ok) console.log(check.problem, check.message); // reserved …
 * ```
 */
export function checkDisplayName(input: unknown, options: DisplayNameOptions = {}): DisplayNameCheck {
  const maxLength = options.maxLength ?? 100;
  const name = typeof input === 'string' ? input.normalize('NFKC').replace(/\s+/gu, ' ').trim() : '';
  if (name === '') return { ok: false, problem: 'empty', message: 'Give a name: people see it next to what you do in the app.' };
  if ([...name].length > maxLength)
    return { ok: false, problem: 'too_long', message: `Shorten the name to ${maxLength} characters or fewer.` };
  if (!allowed.test(name)) {
    return {
      ok: false,
      problem: 'characters',
      message: "Write the name with letters, digits, spaces and ' . , - only (no brackets, @, emoji or symbols).",
    };
  }
  const reserved = new Set([
    ...builtInReserved,
    ...(options.reserved ?? []).map((word) => wordsOf(String(word)).at(-1) ?? '').filter((word) => word !== ''),
  ]);
  const clash = wordsOf(name).find((word) => reserved.has(word));
  if (clash !== undefined) {
    return {
      ok: false,
      problem: 'reserved',
      message: `Choose another name: "${clash}" names a role or an agent in this app, and a person's name must not pass for one.`,
    };
  }
  return { ok: true, name };
}
