/**
 * What the browser tools return to the model. Kept apart from the tools so that these public types do
 * not bring playwright-core's types into an app's type check.
 */

/** What a browser tool tells the model about the page after it acted. */
export interface PageState {
  url: string;
  title: string;
  /** Requests of the page to other origins that the sandbox blocked during the call (at most 20). */
  blockedRequests?: string[];
}

/** What `browser_open` returns. */
export interface BrowserOpenResult extends PageState {
  /** The HTTP status of the page's response (`null` when there was none, as for a page from the cache). */
  status: number | null;
}

/** What `browser_click` returns: the page after the click. */
export interface BrowserClickResult extends PageState {
  /** How many elements matched; the first was clicked. */
  matched: number;
}

/** What `browser_text` returns. */
export interface BrowserTextResult extends PageState {
  /** The visible text (as the page renders it: hidden elements left out), at most `maxTextChars` characters. */
  text: string;
  /** The text was longer and was cut. */
  truncated: boolean;
}
