/**
 * The server process of `bench:mcp` (run with NODE_ENV=production): a kit app with one API route, built with
 * `buildApp` and served by `startApp` with MCP on, so the route answers both at `GET /api/tickets` and as the
 * MCP tool `get_api_tickets` at `POST /mcp`. Prints `{"port"}` once it listens; each line `cpu` on standard
 * input is answered with the process's CPU time in microseconds, so the runner can charge each round its
 * server CPU.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildApp, startApp } from '@kit/kit-dev';
import { mcpBenchAppFiles } from './app-files.js';

const root = await mkdtemp(join(tmpdir(), 'kit-bench-mcp-'));
await symlink(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
for (const [file, text] of Object.entries(mcpBenchAppFiles())) {
  await mkdir(dirname(join(root, file)), { recursive: true });
  await writeFile(join(root, file), text);
}
await buildApp({ root });
const app = await startApp({ root, port: 0, log: false, mcp: true, a2a: false });
process.stdout.write(`${JSON.stringify({ port: app.port })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ cpuMicros: user + system })}\n`);
  }
});
process.stdin.on('end', async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
  process.exit(0);
});
