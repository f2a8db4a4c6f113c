/**
 * HTML built by construction: every value interpolated into the `html` template is escaped unless it
 * is itself `Html` made by this module, so text from content, queries or snippets can never become
 * markup by accident.
 */
export class Html {
  readonly #markup: string;

  /** Use `html`, `rawHtml` or `joinHtml`; the constructor trusts its argument. */
  private constructor(markup: string) {
    this.#markup = markup;
  }

  /** Wraps markup known to be safe (rendered by markdown-it with raw HTML off, or written here). */
  static trusted(markup: string): Html {
    return new Html(markup);
  }

  toString(): string {
    return this.#markup;
  }
}

/** A value the `html` template accepts: text (escaped), trusted markup, lists of those, or nothing. */
export type HtmlValue = string | number | Html | undefined | null | false | readonly HtmlValue[];

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for use in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/**
 * Template tag that escapes every interpolated value.
 *
 * @example
 * ```ts
 * import { html } from './html.js';
 *
 * const query = '<script>"x"</script>';
 * console.log(html`<p title="${query}">${query}</p>`.toString()); // both occurrences escaped
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? '');
  });
  return Html.trusted(markup);
}

/** Joins trusted fragments and escaped text into one fragment. */
export function joinHtml(values: readonly HtmlValue[], separator = ''): Html {
  return Html.trusted(values.map(render).join(separator));
}

/** Markup that the caller vouches for, such as markdown-it output with raw HTML disabled. */
export function rawHtml(markup: string): Html {
  return Html.trusted(markup);
}

function render(value: HtmlValue): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}
