/** An opening (or self-closing) HTML or JSX tag at the start of a text. */
export interface Tag {
  readonly name: string;
  /** Attribute values: quoted strings, or `{"string"}` and `{expression}` as written. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly selfClosing: boolean;
  /** The text after the tag. */
  readonly rest: string;
}

const NAME = /^<([A-Za-z][\w.:-]*)/;
const ATTRIBUTE = /^\s*([\w:.@-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*"([^"]*)"\s*\}|\{\s*'([^']*)'\s*\}|\{([^{}]*)\}))?/;

/**
 * Reads the tag at the start of `text`: `undefined` when the text does not start with one, and
 * `'incomplete'` when it starts one that is not closed yet (its attributes go on on the next line).
 */
export function parseTag(text: string): Tag | 'incomplete' | undefined {
  const name = NAME.exec(text);
  if (!name) return undefined;
  let rest = text.slice(name[0].length);
  const attributes: Record<string, string> = {};
  for (;;) {
    const end = /^\s*(\/?)>/.exec(rest);
    if (end) return { name: name[1]!, attributes, selfClosing: end[1] === '/', rest: rest.slice(end[0].length) };
    if (rest.trim() === '') return 'incomplete';
    const attribute = ATTRIBUTE.exec(rest);
    if (!attribute || attribute[0].length === 0) {
      // An unterminated quote or brace: the value goes on on the next line.
      return /["'{]/.test(rest) && !/>/.test(rest) ? 'incomplete' : undefined;
    }
    attributes[attribute[1]!] = attribute[2] ?? attribute[3] ?? attribute[4] ?? attribute[5] ?? attribute[6] ?? '';
    rest = rest.slice(attribute[0].length);
  }
}
