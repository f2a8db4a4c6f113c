import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { closingTagsText, headEndText, type SinkTail } from './html-sink.js';

/**
 * React's synchronous render of a tree into one string, for a tree that is whole in one pass (every
 * loader settled, nothing else suspends): null when it is not.
 *
 * Why: React's streaming renderer encodes every piece of markup into byte buffers as it goes, which is
 * about a third of what a page costs; the string renderer appends the same pieces to one string, written
 * out once. Both share React's rendering code and write the same markup, except that the string renderer
 * cannot wait for anything. So the result is refused (and the caller streams the page instead) when:
 * - React left a Suspense boundary to the browser (`<!--$!-->`, or `<!--$?-->` still pending): a component
 *   suspended on data of its own, or threw, which only the streaming render reports and recovers from;
 * - the render threw outside every boundary;
 * - a form has a function as its action: React then writes a script that replays the forms submitted
 *   before hydration, which only the streaming render gives the page's nonce.
 * Markup of dangerouslySetInnerHTML can hold the same texts; it is then streamed, never wrong. The tests
 * beside this file check these markers against the React the project runs.
 */
export function wholeMarkup(tree: ReactNode): string | null {
  let html: string;
  try {
    html = renderToString(tree);
  } catch {
    return null;
  }
  return leavesBoundary(html) || html.includes(formReplayMark) ? null : html;
}

/**
 * In the action of a form whose action is a function, and in the script React writes for it. Searching
 * for a long text that does not start with `<` skips along the markup; a search for `<script` stops at
 * every tag (about 40 times as long, for a page of 25 KB).
 */
const formReplayMark = 'React form unexpectedly submitted';

/** Whether the markup has a boundary React left to the browser (`<!--$!-->`) or that is still pending (`<!--$?-->`). */
function leavesBoundary(html: string): boolean {
  // `$` is rare in markup, and a search for one character is the fastest there is.
  for (let at = html.indexOf('$'); at >= 0; at = html.indexOf('$', at + 1)) {
    const next = html.charCodeAt(at + 1);
    if ((next === 0x21 || next === 0x3f) && at >= 4 && html.startsWith('<!--', at - 4) && html.startsWith('-->', at + 2)) return true;
  }
  return false;
}

/** How many renders of a route go straight to streaming after its whole render was refused. */
export const streamAfterRefusal = 64;

/**
 * Which routes to try the whole render for. A route whose whole render was refused (a component that
 * suspends on data of its own, say) would be rendered twice on every request: it streams for the next
 * `streamAfterRefusal` renders, then is tried again, as what it renders may change with its data.
 */
export class WholeRenderMemory {
  private readonly streaming = new WeakMap<object, number>();

  /** Whether to try the whole render for the route `key` (an object that stands for the route). */
  shouldTry(key: object): boolean {
    const left = this.streaming.get(key);
    if (left === undefined) return true;
    if (left <= 1) this.streaming.delete(key);
    else this.streaming.set(key, left - 1);
    return false;
  }

  /** The whole render of `key` was refused. */
  refused(key: object): void {
    this.streaming.set(key, streamAfterRefusal);
  }
}

/** Whether each route's pages are rendered whole in one pass or streamed. */
const wholeRenders = new WholeRenderMemory();

/**
 * The markup of the tree `makeTree` makes for `route` (an object that stands for the route: its page
 * module) rendered whole in one pass (see `wholeMarkup`), or null when it was refused, now or recently.
 * The tree is made only when the render is tried; a refused one must not be rendered again, as its
 * components may have recorded what they did (the level tracker does).
 */
export function renderWhole(route: object, makeTree: () => ReactNode): string | null {
  if (!wholeRenders.shouldTry(route)) return null;
  const html = wholeMarkup(makeTree());
  if (html === null) wholeRenders.refused(route);
  return html;
}

const doctype = '<!DOCTYPE html>';

/**
 * The document of a whole render: the doctype the streaming renderer writes before a root `<html>` (the
 * string renderer leaves it out), `head` in front of the first `</head>`, and `tail` in front of the
 * closing tags, where `HtmlSink` places them in a streamed page.
 */
export function wholeDocument(html: string, head: string, tail: SinkTail): string {
  // Positions are found in React's markup, which is flat by now (scanned once): searching the joined text
  // instead would first copy it whole, and the result is joined in one go, copied once when it is written.
  const headAt = head === '' ? -1 : html.indexOf(headEndText);
  const tailAt = html.endsWith(closingTagsText) ? html.length - closingTagsText.length : html.length;
  // Joined by `+`, not join(): the parts (the levels' JSON, the largest text of the page) are linked, not copied.
  let rest = '';
  for (const part of typeof tail === 'string' ? [tail] : tail) rest += part;
  const start = html.startsWith('<html') ? doctype : '';
  if (headAt < 0 || headAt > tailAt) return start + html.slice(0, tailAt) + rest + html.slice(tailAt);
  return start + html.slice(0, headAt) + head + html.slice(headAt, tailAt) + rest + html.slice(tailAt);
}
