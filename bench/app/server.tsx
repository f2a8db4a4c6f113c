/**
 * The server process of `bench:app` (run with NODE_ENV=production): the bench app built with `buildApp` and
 * served by `startApp`, and the same React tree rendered by `react-dom/server` in a bare `node:http` server
 * (with and without the data a browser needs to hydrate it).
 * Prints `{"kitPort","barePort"}` once both listen; each line `cpu` on standard input is answered with the
 * process's CPU time in microseconds, so the runner can charge each round its server CPU.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { renderToPipeableStream } from 'react-dom/server';
import { buildApp, startApp } from '@kit/kit-dev';
import { benchAppFiles } from './app-files.js';
import { benchRows, Frame, RowTable } from './tree.js';

const root = await mkdtemp(join(tmpdir(), 'kit-bench-app-'));
await symlink(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
for (const [file, text] of Object.entries(benchAppFiles())) {
  await mkdir(dirname(join(root, file)), { recursive: true });
  await writeFile(join(root, file), text);
}
await buildApp({ root });
const kit = await startApp({ root, port: 0, log: false, mcp: false });

/**
 * The bare server: at `/` the tree alone; at `/hydrating` the tree and its rows inlined as JSON, what a
 * hand-written server must send too before the browser can hydrate the page (kit's page does the same
 * with its bootstrap state).
 */
const bare = createServer((request, response) => {
  const rows = benchRows();
  const stream = renderToPipeableStream(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Bench</title>
      </head>
      <body>
        <Frame>
          <RowTable rows={rows} />
        </Frame>
        {request.url === '/hydrating' ? (
          <script type="application/json" id="rows" dangerouslySetInnerHTML={{ __html: JSON.stringify(rows).replace(/</g, '\\u003c') }} />
        ) : null}
      </body>
    </html>,
    {
      onShellReady() {
        response.statusCode = 200;
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        stream.pipe(response);
      },
      onShellError() {
        response.statusCode = 500;
        response.end();
      },
    },
  );
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
