/** Quotes identifiers with `mark`, doubling it inside (`"a""b"`). */
export function quoteWith(mark: string): (identifier: string) => string {
  return (identifier) => `${mark}${identifier.replaceAll(mark, mark + mark)}${mark}`;
}

/** A string literal as standard SQL writes it: single quotes doubled, every other character as it is. */
export function standardStringLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
