import { Suspense, use, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { browserIdle } from '../tree/browser-idle.js';
import { RenderModeContext } from '../tree/render-mode.js';

/** When the children of `Hydrate` come alive in the browser. */
export type HydrateWhen = 'idle' | 'visible' | 'interaction';

/** Props of `Hydrate`. */
export interface HydrateProps {
  /**
   * `idle`: once the browser is idle (within 2 s); `visible`: once a part of the children scrolls into
   * view; `interaction`: on the first pointer, touch, key or focus inside them (the click that started it
   * is handled once they are hydrated).
   */
  readonly when: HydrateWhen;
  readonly children?: ReactNode;
}

const wrapperStyle = { display: 'contents' } as const;

/** A promise the boundary waits on while the document hydrates, and the function that ends the wait. */
interface Gate {
  readonly promise: Promise<void>;
  opened: boolean;
  open(): void;
}

function createGate(): Gate {
  let resolve: () => void = () => undefined;
  const gate: Gate = {
    promise: new Promise<void>((done) => (resolve = done)),
    opened: false,
    open: () => {
      gate.opened = true;
      resolve();
    },
  };
  return gate;
}

/** While the gate is shut, the boundary around it stays dehydrated: React keeps the server's HTML as it is. */
function Waiting({ gate, children }: { readonly gate: Gate; readonly children?: ReactNode }): ReactNode {
  if (!gate.opened) use(gate.promise);
  return children;
}

const interactions = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'] as const;

/** Opens the gate when `when` says; returns what stops watching. */
function watch(when: HydrateWhen, wrapper: HTMLElement, open: () => void): () => void {
  if (when === 'idle') {
    let live = true;
    void browserIdle().then(() => live && open());
    return () => (live = false);
  }
  if (when === 'visible' && typeof IntersectionObserver === 'function') {
    // The wrapper has no box of its own (display: contents): its children are watched.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) open();
    });
    for (const child of wrapper.children) observer.observe(child);
    return () => observer.disconnect();
  }
  if (when === 'visible') {
    open();
    return () => undefined;
  }
  // On the window, in the capture phase: React's own listener on the document stops an event aimed at a
  // part that is not hydrated yet from going further, until it has hydrated that part.
  const stop = () => {
    for (const type of interactions) window.removeEventListener(type, listener, { capture: true });
  };
  const listener = (event: Event) => {
    if (!(event.target instanceof Node && wrapper.contains(event.target))) return;
    stop();
    open();
  };
  for (const type of interactions) window.addEventListener(type, listener, { capture: true, passive: true });
  return stop;
}

/** Whether the document holds the server's HTML of the part with this id. */
function serverHtmlOf(id: string): boolean {
  return typeof document !== 'undefined' && document.querySelector(`[data-kit-hydrate-id="${CSS.escape(id)}"]`) !== null;
}

/**
 * Hydrates a part of a page later than the rest: the server renders the children as usual, and in the
 * browser they keep the server's HTML, running no code, until `when` comes: the browser is idle, they
 * scroll into view, or the person reaches for them. Use it for what is interactive but not needed at
 * once (a comments widget far down, a chart, a menu), so the rest of the page hydrates sooner. Their code
 * is still in the page's chunk; for a part that needs no code at all, use `ServerOnly`. After a client
 * navigation there is no server HTML to keep, and the children render at once. The children sit in a
 * `<div data-kit-hydrate style="display: contents">`.
 *
 * @example
 * ```ts
 * import { createElement, useState } from 'react';
 * import { Hydrate } from '@kit/kit-react';
 *
 * function Comments() {
 *   const [open, setOpen] = useState(false);
 *   return createElement('button', { onClick: () => setOpen(!open) }, open ? 'Hide comments' : 'Show comments');
 * }
 *
 * export function ArticleFooter() {
 *   return createElement(Hydrate, { when: 'visible' }, createElement(Comments));
 * }
 * ```
 */
export function Hydrate({ when, children }: HydrateProps): ReactNode {
  const mode = useContext(RenderModeContext);
  const onServer = mode ? mode.kind === 'server' : typeof document === 'undefined';
  // `useId` is the same on the server and while hydrating: the server's wrapper of this very part is in
  // the document only when there is server HTML to keep. (Nothing here may change the children's props
  // while they wait: React would then drop the server's HTML and render them afresh.)
  const id = useId();
  const [gate] = useState<Gate | null>(() => (onServer || !serverHtmlOf(id) ? null : createGate()));
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (gate === null || gate.opened || wrapper.current === null) return undefined;
    // No element came from the server (a part rendered after a navigation at the place of an earlier one): nothing to wait for.
    if (wrapper.current.children.length === 0) {
      gate.open();
      return undefined;
    }
    return watch(when, wrapper.current, gate.open);
  }, [gate, when]);
  return (
    <div data-kit-hydrate={when} data-kit-hydrate-id={id} style={wrapperStyle} ref={wrapper}>
      <Suspense fallback={null}>{gate === null ? children : <Waiting gate={gate}>{children}</Waiting>}</Suspense>
    </div>
  );
}
