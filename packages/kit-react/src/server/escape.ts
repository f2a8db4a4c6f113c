/**
 * JSON for an inline `<script type="application/json">`: every `<` becomes `\u003c`, so no `</script>`
 * or `<!--` in the data can end or confuse the script element; U+2028 and U+2029 are escaped too.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Text for a double-quoted HTML attribute value. */
export function attributeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
