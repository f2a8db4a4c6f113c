import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot } from './workspace-packages.js';

/** A Verdaccio registry on loopback that holds kit's packages and proxies every other package. */
export interface LocalRegistry {
  /** The registry's address, with a trailing slash, as npm's `registry` setting takes it. */
  readonly url: string;
  /** An npm user configuration that points npm at this registry, with a token that may publish. */
  readonly npmrc: string;
  /** The environment for npm, npx and create-kit-app: this process's, pointed at the registry. */
  readonly env: NodeJS.ProcessEnv;
  /** Verdaccio's log file. */
  readonly logFile: string;
  stop(): Promise<void>;
}

/** Where the registry keeps its files and on which port it listens. */
export interface LocalRegistryOptions {
  /** A folder of its own: the configuration, the users and the published packages go there. */
  readonly folder: string;
  /** The port on 127.0.0.1; a free one when left out. */
  readonly port?: number;
}

// Packages that only this registry holds: a request for them never goes to the upstream registry, so a
// name that is taken there cannot shadow kit's own.
const localPackages = ['@kit/*', 'create-kit-app'];

/** The npm setting `key` as npm resolves it for this process (user, global and environment settings). */
function npmSetting(key: string): string {
  const result = spawnSync('npm', ['config', 'get', key], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`local-registry: "npm config get ${key}" failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`local-registry: Verdaccio exited with ${child.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(new URL('-/ping', url));
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`local-registry: Verdaccio did not answer at ${url} within 30 s; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Creates the registry's one user and returns the token npm publishes with. */
async function createPublisher(url: string): Promise<string> {
  const name = 'kit-release';
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'kit-release-local' }),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (!response.ok || body.token === undefined)
    throw new Error(`local-registry: could not create the publishing user: ${response.status} ${body.error ?? ''}`);
  return body.token;
}

/**
 * The machine's own npm user settings (a `nodedir` that lets native addons build without downloading
 * Node's headers, a CA file, proxies), without the lines that choose a registry or carry its credentials.
 */
function machineUserSettings(): string {
  const path = process.env.npm_config_userconfig ?? join(homedir(), '.npmrc');
  if (!existsSync(path)) return '';
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(registry|@[^:]+:registry|\/\/)/.test(line))
    .join('\n');
}

/**
 * Starts Verdaccio on 127.0.0.1 with its files in `options.folder`. kit's packages are published to it and
 * served only from it; every other package is fetched from the registry npm is configured for and cached.
 */
export async function startLocalRegistry(options: LocalRegistryOptions): Promise<LocalRegistry> {
  const upstream = npmSetting('registry');
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}/`;
  mkdirSync(options.folder, { recursive: true });

  const localAccess = { access: '$all', publish: '$authenticated', unpublish: '$authenticated' };
  const config = {
    storage: join(options.folder, 'storage'),
    auth: { htpasswd: { file: join(options.folder, 'htpasswd'), max_users: 1 } },
    uplinks: { upstream: { url: upstream, timeout: '120s', maxage: '30m' } },
    packages: {
      ...Object.fromEntries(localPackages.map((pattern) => [pattern, localAccess])),
      '**': { access: '$all', publish: '$authenticated', proxy: 'upstream' },
    },
    max_body_size: '200mb',
    log: { type: 'stdout', format: 'pretty', level: 'warn' },
  };
  // JSON is YAML, which is what Verdaccio reads.
  const configFile = join(options.folder, 'config.yaml');
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  const logFile = join(options.folder, 'verdaccio.log');
  const log = openSync(logFile, 'a');
  const verdaccio = join(repositoryRoot, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const child = spawn(process.execPath, [verdaccio, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', log, log],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  try {
    await waitUntilUp(url, child, logFile);
    const token = await createPublisher(url);
    const npmrc = join(options.folder, 'npmrc');
    const host = url.replace(/^https?:/, '');
    writeFileSync(npmrc, `${machineUserSettings()}\nregistry=${url}\n${host}:_authToken=${token}\n`);
    const env: NodeJS.ProcessEnv = { ...process.env, npm_config_userconfig: npmrc, npm_config_registry: url };
    return { url, npmrc, env, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
