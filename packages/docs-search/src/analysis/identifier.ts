/** How one raw token breaks down into the pieces the index stores. */
export interface IdentifierParts {
  /** Lower-case words of the token in order: `createSmartAgent` gives `create`, `smart`, `agent`. */
  readonly words: readonly string[];
  /**
   * Lower-case compound forms kept whole, each with the index in `words` where it starts: the whole
   * token when it has more than one word, plus every connector-separated segment that has more than
   * one word itself (`AgentRunResult` inside `AgentRunResult.status`).
   */
  readonly compounds: readonly { readonly form: string; readonly firstWord: number }[];
}

const CONNECTORS = /[.:/_-]+/u;
// Boundaries inside a segment: `smartAgent` (lower then upper), `LLMProvider` (the last capital of
// an acronym starts the next word) and `utf8Decoder` (a capitalised word after a digit). A digit
// inside a word or an acronym does not split, so `a2a`, `utf8` and `A2AHandler`'s `A2A` stay whole.
const CAMEL_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=[\p{Lu}\p{N}])(?=\p{Lu}\p{Ll})/u;

/**
 * Splits an identifier at camelCase, PascalCase, snake_case, kebab-case, dots, colons and slashes,
 * and names the compound forms that are also kept as terms.
 *
 * @example
 * ```ts
 * import { splitIdentifier } from './identifier.js';
 *
 * splitIdentifier('AgentRunResult.status').words; // ['agent', 'run', 'result', 'status']
 * ```
 */
export function splitIdentifier(token: string): IdentifierParts {
  const words: string[] = [];
  const compounds: { form: string; firstWord: number }[] = [];
  const segments = token.split(CONNECTORS).filter((segment) => segment.length > 0);
  for (const segment of segments) {
    const pieces = segment.split(CAMEL_BOUNDARY).filter((piece) => piece.length > 0);
    if (pieces.length > 1 && segments.length > 1) {
      compounds.push({ form: segment.toLowerCase(), firstWord: words.length });
    }
    for (const piece of pieces) words.push(piece.toLowerCase());
  }
  const whole = token.toLowerCase();
  if (words.length > 1 || (words.length === 1 && whole !== words[0])) {
    compounds.unshift({ form: whole, firstWord: 0 });
  }
  return { words, compounds };
}
