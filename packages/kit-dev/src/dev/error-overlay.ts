import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageSecurityPolicy } from '@kit/kit-core/http';
import type { SourceLocation } from '../errors/kit-dev-error.js';
import { devEventsPath } from './dev-events.js';

/** What the overlay shows. */
export interface OverlayContent {
  /** `Build error`, `Render error`, ... */
  readonly title: string;
  readonly message: string;
  readonly location: SourceLocation | null;
  /** The stack, for runtime errors. */
  readonly stack?: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

/** Up to two lines either side of the location, the location's line marked, with a caret under its column. */
export function codeFrame(root: string, location: SourceLocation): string | null {
  let lines: string[];
  try {
    lines = readFileSync(join(root, location.file), 'utf8').split('\n');
  } catch {
    return null;
  }
  if (location.line < 1 || location.line > lines.length) return null;
  const first = Math.max(1, location.line - 2);
  const last = Math.min(lines.length, location.line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let number = first; number <= last; number++) {
    const marker = number === location.line ? '>' : ' ';
    out.push(`${marker} ${String(number).padStart(width)} | ${lines[number - 1] ?? ''}`);
    if (number === location.line && location.column > 0) out.push(`  ${' '.repeat(width)} | ${' '.repeat(location.column - 1)}^`);
  }
  return out.join('\n');
}

/**
 * The dev server's error page (status 500): the error, `file:line:column`, the code around it and the
 * stack, readable without JavaScript. A small script listens to the dev events and reloads the page
 * on the next `update`, so fixing the file clears it. It carries the security headers of kit's pages,
 * its script the nonce of this response, so it runs under the same policy as the app's pages.
 */
export function errorOverlayResponse(root: string, content: OverlayContent): Response {
  const where = content.location ? `${content.location.file}:${content.location.line}:${content.location.column}` : 'unknown location';
  const frame = content.location ? codeFrame(root, content.location) : null;
  const nonce = randomUUID();
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}: ${escapeHtml(where)} - kit dev</title>
<style>
  :root { color-scheme: dark; }
  body { margin: 0; background: #1b1b1f; color: #f2f2f2; font: 16px/1.5 system-ui, sans-serif; }
  main { max-width: 60rem; margin: 0 auto; padding: 2rem 1.5rem; }
  h1 { color: #ff8a8a; font-size: 1.5rem; margin: 0 0 .5rem; }
  .where { font-family: ui-monospace, monospace; color: #9fd3ff; margin: 0 0 1rem; }
  .message { font-size: 1.1rem; white-space: pre-wrap; margin: 0 0 1.5rem; }
  pre { background: #101014; color: #f2f2f2; padding: 1rem; overflow-x: auto; border-radius: .5rem; font: 14px/1.5 ui-monospace, monospace; }
  h2 { font-size: 1rem; color: #d0d0d0; }
  footer { color: #c8c8c8; font-size: .9rem; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(content.title)}</h1>
<p class="where" id="kit-error-location">${escapeHtml(where)}</p>
<p class="message" id="kit-error-message">${escapeHtml(content.message)}</p>
${frame ? `<pre aria-label="Code at ${escapeHtml(where)}" tabindex="0">${escapeHtml(frame)}</pre>` : ''}
${content.stack ? `<h2>Stack</h2>\n<pre tabindex="0">${escapeHtml(content.stack)}</pre>` : ''}
<footer>Fix the file and save: this page reloads by itself.</footer>
</main>
<script type="module" nonce="${nonce}">
new EventSource(${JSON.stringify(devEventsPath)}).addEventListener('update', () => location.reload());
</script>
</body>
</html>
`;
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  pageSecurityPolicy().apply(headers, nonce);
  return new Response(html, { status: 500, headers });
}
