// `npm run registry`: builds kit, publishes every package to a registry on this machine and keeps it
// running, so that `npx create-kit-app` works from any folder before kit is on the public registry.
//
// Settings from the environment: KIT_REGISTRY_PORT (default 4873) and KIT_REGISTRY_DIR (default
// .kit/registry in the repository; emptied at each start, so what it holds is what was just built).
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startLocalRegistry } from './local-registry.js';
import { publishToRegistry } from './publish-to-registry.js';
import { publishablePackages, repositoryRoot } from './workspace-packages.js';

const port = Number(process.env.KIT_REGISTRY_PORT ?? 4873);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`npm run registry: KIT_REGISTRY_PORT=${process.env.KIT_REGISTRY_PORT} is not a port; give a whole number from 1 to 65535.`);
  process.exit(2);
}
const folder = resolve(process.env.KIT_REGISTRY_DIR ?? join(repositoryRoot, '.kit', 'registry'));
rmSync(folder, { recursive: true, force: true });

console.log(`Starting a registry on 127.0.0.1:${port} (files in ${folder})...`);
const registry = await startLocalRegistry({ folder, port }).catch((error: unknown) => {
  console.error(
    `npm run registry: ${error instanceof Error ? error.message : String(error)}. Is port ${port} taken? Set KIT_REGISTRY_PORT to another.`,
  );
  process.exit(3);
});

console.log('Building kit and publishing its packages (npm run release)...');
const published = await publishToRegistry(registry, (text) => process.stdout.write(text));
if (published.code !== 0) {
  console.error(`npm run registry: the release failed (exit code ${String(published.code)}); its output is above.`);
  await registry.stop();
  process.exit(3);
}

const version = publishablePackages()[0]!.manifest.version;
console.log(`
kit ${version} is published to ${registry.url}
It holds kit's packages; every other package comes through it from the registry npm is set to use.

Make an app, in any folder (in another terminal; keep this one running):

  npx --registry ${registry.url} create-kit-app my-app
  npx --registry ${registry.url} create-kit-app help-desk --template tickets

Later installs of kit packages in that app need the same registry, for example:

  npm install --registry ${registry.url} @kit/kit-ai

Ctrl-C stops the registry.`);

const stop = async () => {
  await registry.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
