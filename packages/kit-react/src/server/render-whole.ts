import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { SinkTail } from './html-sink.js';

/**
 * React's synchronous render of a tree into one string, for a tree that is whole in one pass (every
 * loader settled, nothing else suspends): null when it is not.
 *
 * Why: React's streaming renderer encodes every piece of markup into byte buffers as it goes, which is
 * about half of what a page costs; the string renderer appends the same pieces to one string, written
 * out once. Both share React's rendering code and write the same markup, except that the string renderer
 * cannot wait for anything. So the result is refused (and the caller streams the page instead) when:
 * - React left a Suspense boundary to the browser (`<!--$!-->`, or `<!--$?-->` still pending): a component
 *   suspended on data of its own, or threw, which only the streaming render reports and recovers from;
 * - the render threw outside every boundary;
 * - the markup holds an inline script the way React writes its own (`<script>` or `<script id=`: the
 *   script that replays forms submitted before hydration), which only the streaming render gives the
 *   page's nonce. A script of the page's own written the same way is streamed too, which changes nothing
 *   for it; one with a `type` first (JSON-LD, say) is not React's.
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
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->') || html.includes('<script>') || html.includes('<script id=')) return null;
  return html;
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
const headEnd = '</head>';
const closingTags = '</body></html>';

/**
 * The document of a whole render: the doctype the streaming renderer writes before a root `<html>` (the
 * string renderer leaves it out), `head` in front of the first `</head>`, and `tail` in front of the
 * closing tags, where `HtmlSink` places them in a streamed page.
 */
export function wholeDocument(html: string, head: string, tail: SinkTail): string {
  const headAt = head === '' ? -1 : html.indexOf(headEnd);
  const withHead = headAt < 0 ? html : html.slice(0, headAt) + head + html.slice(headAt);
  const rest = typeof tail === 'string' ? tail : tail.join('');
  const tailAt = withHead.endsWith(closingTags) ? withHead.length - closingTags.length : withHead.length;
  const document = rest === '' ? withHead : withHead.slice(0, tailAt) + rest + withHead.slice(tailAt);
  return document.startsWith('<html') ? doctype + document : document;
}
