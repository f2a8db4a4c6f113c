import { createElement, useContext, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { InsideServerOnlyContext, LevelViewContext, type ServerOnlySource } from '../tree/contexts.js';
import { RenderModeContext } from '../tree/render-mode.js';

/** Props of `ServerOnly`. */
export interface ServerOnlyProps {
  readonly children?: ReactNode;
}

const wrapperStyle = { display: 'contents' } as const;

/** The attribute naming a ServerOnly wrapper (its `useId`, equal on the server and during hydration). */
export const serverOnlyAttribute = 'data-kit-server-only';
const tokenAttribute = 'data-kit-server-only-token';

/**
 * Content rendered on the server and never hydrated: it reaches the browser as HTML and runs no code
 * there. The server renders the children inside `<div data-kit-server-only style="display: contents">`.
 * On the client the children are never rendered: during hydration the wrapper keeps the server's HTML
 * as it is; after a client navigation it receives the HTML the server rendered for the new page (the
 * navigation payload carries each level's blocks in document order). Keep interactive elements outside.
 * A `ServerOnly` inside another renders its children as they are.
 *
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { ServerOnly, useLoaderData } from '@kit/kit-react';
 *
 * export default function ArticlePage() {
 *   const { html } = useLoaderData<{ html: string }>();
 *   return createElement(ServerOnly, null, createElement('article', { dangerouslySetInnerHTML: { __html: html } }));
 * }
 * ```
 */
export function ServerOnly({ children }: ServerOnlyProps): ReactNode {
  const mode = useContext(RenderModeContext);
  const nested = useContext(InsideServerOnlyContext);
  const level = useContext(LevelViewContext)?.level ?? null;
  const id = useId();
  const onServer = mode ? mode.kind === 'server' : typeof document === 'undefined';
  if (nested) return children;
  if (!onServer) return <ServerOnlyClient id={id} source={level?.serverOnly ?? documentSource} />;
  const content = <InsideServerOnlyContext value={true}>{children}</InsideServerOnlyContext>;
  if (mode?.kind === 'server' && mode.serverOnlyTag !== null) {
    // The navigation payload: a tag only this render knows marks each block, so the blocks can be cut
    // out of the HTML whatever the children contain.
    return createElement(mode.serverOnlyTag, { 'data-level': level?.index ?? 0 }, content);
  }
  return (
    <div {...{ [serverOnlyAttribute]: id }} style={wrapperStyle}>
      {content}
    </div>
  );
}

const documentSource: ServerOnlySource = { kind: 'document' };

function documentHtml(id: string): string | null {
  for (const element of document.querySelectorAll(`[${serverOnlyAttribute}]`)) {
    if (element.getAttribute(serverOnlyAttribute) === id) return element.innerHTML;
  }
  return null;
}

function ServerOnlyClient({ id, source }: { readonly id: string; readonly source: ServerOnlySource }) {
  const ref = useRef<HTMLDivElement>(null);
  // During hydration the id is the server's, so the wrapper it names holds the HTML to keep.
  const [html, setHtml] = useState<string | null>(() => (source.kind === 'document' ? documentHtml(id) : null));
  useLayoutEffect(() => {
    if (source.kind !== 'payload' || ref.current === null) return;
    // The payload lists the level's blocks in document order; this wrapper's place among the level's
    // wrappers in the DOM picks its block, however React ordered the renders.
    const peers = [...document.querySelectorAll(`[${tokenAttribute}]`)].filter(
      (element) => element.getAttribute(tokenAttribute) === source.token,
    );
    setHtml(source.blocks[peers.indexOf(ref.current)] ?? '');
  }, [source]);
  const attributes = { [serverOnlyAttribute]: id, ...(source.kind === 'payload' ? { [tokenAttribute]: source.token } : {}) };
  return (
    <div
      ref={ref}
      {...attributes}
      style={wrapperStyle}
      suppressHydrationWarning
      dangerouslySetInnerHTML={html === null ? undefined : { __html: html }}
    />
  );
}
