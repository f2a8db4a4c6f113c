import { clearDevOverlay, showDevOverlay, type DevBuildError } from './dev-overlay.js';

function parse(data: unknown): Record<string, unknown> {
  if (typeof data !== 'string' || data === '') return {};
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Gives every same-origin stylesheet link a new query, so the browser fetches the new CSS. */
export function reloadStylesheets(version: number): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) continue;
    url.searchParams.set('kit-css', String(version));
    link.href = url.pathname + url.search;
  }
}

/**
 * Listens to the dev server's events: `update` with `{"kind":"css"}` swaps the stylesheets, any other
 * `update` re-runs the current navigation with fresh chunks; `error` with `{ file, line, column,
 * message }` shows the overlay, which the next update clears. Returns a function that stops listening.
 */
export function listenToDevEvents(url: string, refresh: (version: number) => Promise<void>): () => void {
  const source = new EventSource(url);
  let version = 0;
  source.addEventListener('update', (event) => {
    version += 1;
    clearDevOverlay();
    if (parse((event as MessageEvent).data).kind === 'css') reloadStylesheets(version);
    else void refresh(version);
  });
  source.addEventListener('error', (event) => {
    // Connection errors are plain events; build errors carry data.
    if (!(event instanceof MessageEvent)) return;
    const body = parse(event.data);
    if (typeof body.file !== 'string' || typeof body.message !== 'string') return;
    const error: DevBuildError = {
      file: body.file,
      message: body.message,
      ...(typeof body.line === 'number' ? { line: body.line } : {}),
      ...(typeof body.column === 'number' ? { column: body.column } : {}),
    };
    showDevOverlay(error);
  });
  return () => source.close();
}
