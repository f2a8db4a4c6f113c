/**
 * The server process of `bench:app` (run with NODE_ENV=production): the bench app built with `buildApp` and
 * served by `startApp`, and the same React tree rendered by `react-dom/server` in a bare `node:http` server
 * (with and without the data a browser needs to hydrate it, streamed, and with it as one text).
 * Prints `{"kitPort","barePort"}` once both listen; each line `cpu` on standard input is answered with the
 * process's CPU time in microseconds, so the runner can charge each round its server CPU.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { buildApp, startApp } from '@kit/kit-dev';
import { benchAppFiles } from './app-files.js';
import { benchRows, Frame, RowTable, type BenchRow } from './tree.js';

const root = await mkdtemp(join(tmpdir(), 'kit-bench-app-'));
await symlink(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
for (const [file, text] of Object.entries(benchAppFiles())) {
  await mkdir(dirname(join(root, file)), { recursive: true });
  await writeFile(join(root, file), text);
}
await buildApp({ root });
const kit = await startApp({ root, port: 0, log: false, mcp: false });

/**
 * What kit's page sends besides the rendered tree, read once from one of its pages: the module preloads, the
 * client entry and the bootstrap state. The hydrating side sends the same, so the two documents differ only
 * in what kit adds for its own safety and structure (the nonce of each inline script, the comment markers of
 * its Suspense boundaries), not in what a browser needs to hydrate the page.
 */
const sample = await (await fetch(`http://127.0.0.1:${kit.port}/`)).text();
const preloads = [...sample.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
const stateText = /<script type="application\/json" id="kit-state"[^>]*>(.*?)<\/script>/s.exec(sample)?.[1];
if (stateText === undefined || preloads.length === 0)
  throw new Error(`the kit bench page has no bootstrap state or preloads: ${sample.slice(0, 300)}`);
const stateTemplate = JSON.parse(stateText) as { clientEntry: string; levels: { kind: string; data: unknown }[] };

/** The bootstrap state of one request: kit's, with this request's rows as the page's data. */
function stateWith(rows: readonly BenchRow[]) {
  return { ...stateTemplate, levels: stateTemplate.levels.map((level) => (level.kind === 'page' ? { ...level, data: { rows } } : level)) };
}

const announcerStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The page by hand: the tree alone, or (`hydrating`) the document kit's page is: the same head (charset,
 * viewport, title, module preloads), the tree, the route announcer, the bootstrap state with the rows inlined
 * as JSON and the client entry, which is what a hand-written server must send too before the browser can
 * hydrate the page.
 */
function handMade(rows: readonly BenchRow[], hydrating: boolean) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {hydrating ? <meta name="viewport" content="width=device-width, initial-scale=1" /> : null}
        <title>Bench</title>
        {hydrating ? preloads.map((href) => <link key={href} rel="modulepreload" href={href} />) : null}
      </head>
      <body>
        <Frame>
          <RowTable rows={rows} />
        </Frame>
        {hydrating ? (
          <>
            <div id="kit-route-announcer" aria-live="assertive" aria-atomic="true" style={announcerStyle} />
            <script
              type="application/json"
              id="kit-state"
              dangerouslySetInnerHTML={{ __html: JSON.stringify(stateWith(rows)).replace(/</g, '\\u003c') }}
            />
            <script type="module" src={stateTemplate.clientEntry} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * The bare server: at `/` the tree alone and at `/hydrating` the hydrating document, both streamed by
 * `renderToPipeableStream` (what React's documentation has a server use); at `/hydrating-whole` the
 * hydrating document rendered by `renderToString` and sent as one text with its length, the fastest way by
 * hand for a page whose data is all there (it cannot wait for anything, so it is no general answer).
 */
const bare = createServer((request, response) => {
  const rows = benchRows();
  if (request.url === '/hydrating-whole') {
    const html = `<!DOCTYPE html>${renderToString(handMade(rows, true))}`;
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
    response.end(html);
    return;
  }
  const stream = renderToPipeableStream(handMade(rows, request.url === '/hydrating'), {
    onShellReady() {
      response.statusCode = 200;
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      stream.pipe(response);
    },
    onShellError() {
      response.statusCode = 500;
      response.end();
    },
  });
  request.on('close', () => stream.abort());
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const address = bare.address();
process.stdout.write(`${JSON.stringify({ kitPort: kit.port, barePort: typeof address === 'object' && address ? address.port : 0 })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ cpuMicros: user + system })}\n`);
  }
});
process.stdin.on('end', async () => {
  await kit.close();
  bare.close();
  await rm(root, { recursive: true, force: true });
  process.exit(0);
});
