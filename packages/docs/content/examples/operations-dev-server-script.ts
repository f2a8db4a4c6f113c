// ---
// title: Embedding the development server in your own script
// description: Starts the kit-dev development server from code with createDevServer on a small app, calls its API route, edits the route file and waits for the hot route reloading event, then closes the server - the pattern for a custom dev script or a test harness.
// topics: [operations, deployment]
// relatedDocs: /docs/operations-and-jobs#createdevserver
// ---
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDevServer, type DevReloadEvent } from '@kit/kit-dev';

// A throwaway app in a temporary folder; in your own script, pass root: process.cwd() (or the app's
// folder) instead. The app resolves its packages (react, @kit/kit-core) from its own folder, so this
// one borrows the node_modules folder this script's packages come from.
const root = await mkdtemp(join(tmpdir(), 'kit-dev-script-'));
const files: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'dev-script-demo', type: 'module' }),
  'app/routes/api/hello.api.ts': `import { defineAPI } from '@kit/kit-core';\n\nexport default defineAPI({\n  description: 'Says hello.',\n  capability: 'read',\n  handler: async () => ({ message: 'Hello' }),\n});\n`,
};
for (const [path, text] of Object.entries(files)) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}
await symlink(dirname(dirname(fileURLToPath(import.meta.resolve('react')))), join(root, 'node_modules'), 'dir');

// The same server `kit dev` runs. Creating it does no work; listen() empties .kit/dev, bundles React
// once, starts the file watcher, builds the app with esbuild and binds the port (0: a free one).
const devServer = createDevServer({ root, port: 0, host: '127.0.0.1', debounceMs: 50, log: false });
devServer.on('error', ({ file, line, column, message }) => console.error(`build failed at ${file}:${line}:${column}: ${message}`));

try {
  const { url } = await devServer.listen();
  console.log(devServer.manifest?.routes.map((route) => `${route.kind} ${route.pattern}`)); // [ 'api /api/hello' ]
  console.log(devServer.diagnostics.length); // 0: no route file the router refused
  console.log(await (await fetch(`${url}/api/hello`)).json()); // { message: 'Hello' }
  console.log(Object.keys(((await (await fetch(`${url}/openapi.json`)).json()) as { paths: object }).paths)); // [ '/api/hello' ]

  // Edit the route: the watcher rebuilds, swaps the new app in without a restart (requests already
  // running finish on the old one) and emits `reload`; open pages get `event: update` on /_kit/events.
  const reloaded = new Promise<DevReloadEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no reload within 15 s')), 15_000);
    const stop = devServer.onReload((event) => {
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
  await writeFile(join(root, 'app/routes/api/hello.api.ts'), files['app/routes/api/hello.api.ts']!.replace("'Hello'", "'Hello again'"));
  const { kind, generation, changedFiles, durationMs } = await reloaded;
  console.log(kind, generation, changedFiles, durationMs >= 0); // routes 2 [ 'app/routes/api/hello.api.ts' ] true
  console.log(await (await fetch(`${url}/api/hello`)).json()); // { message: 'Hello again' }
} finally {
  // close() stops the watcher, the event streams, the HTTP server and esbuild, and deletes .kit/dev.
  await devServer.close();
  await rm(root, { recursive: true, force: true });
}
