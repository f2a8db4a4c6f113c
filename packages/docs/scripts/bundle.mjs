// Bundles the compiled CLI into one file. Loading some 400 small ES modules (zod alone is dozens)
// costs a cold start of the service about 250 ms of resolution and compilation; one file loads in a
// fraction of that. Libraries that load files of their own at run time (pino's transport worker,
// ioredis, loaded only when Redis is configured) stay outside and resolve from node_modules.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

await build({
  entryPoints: [`${packageDirectory}dist/cli/main.js`],
  // dist/bundle/ is as deep as dist/cli/, so paths resolved from import.meta.url (the embedded
  // content, the web assets) stay the same.
  outfile: `${packageDirectory}dist/bundle/kit-docs.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The A2A SDK loads on the first A2A request only; kept outside, it costs nothing to parse at start-up.
  external: ['pino', 'thread-stream', 'pino-pretty', 'ioredis', '@a2a-js/sdk'],
  // CommonJS dependencies inside an ES module bundle still call require() for Node's built-ins.
  banner: { js: "import { createRequire as kitCreateRequire } from 'node:module'; const require = kitCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
