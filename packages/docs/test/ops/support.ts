import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { embeddedContentDirectory } from '../../src/content/index.js';
import { startDocsServer, type DocsServer, type DocsServerOptions } from '../../src/server/start-server.js';

const mainScript = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** Starts the service in this process on an ephemeral loopback port, logging nowhere unless asked. */
export function startInProcess(options: Partial<DocsServerOptions> = {}): Promise<DocsServer> {
  return startDocsServer({
    contentDirectory: embeddedContentDirectory,
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: 'silent' }),
    ...options,
  });
}

/**
 * Starts one in-process server for the enclosing `describe` and stops it after; read `base` inside
 * the tests.
 */
export function serverForSuite(options: Partial<DocsServerOptions> = {}): { readonly base: string; readonly port: number } {
  let server: DocsServer | undefined;
  beforeAll(async () => {
    server = await startInProcess(options);
  });
  afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error('serverForSuite: the server is not started yet; read it inside a test');
    return server;
  };
  return {
    get base() {
      return `http://127.0.0.1:${started().port}`;
    },
    get port() {
      return started().port;
    },
  };
}

/** A copy of the embedded corpus in a temporary directory, for tests that edit content. */
export async function copyOfCorpus(): Promise<{ directory: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'kit-docs-ops-'));
  const directory = join(root, 'content');
  await cp(embeddedContentDirectory, directory, { recursive: true });
  return { directory, remove: () => rm(root, { recursive: true, force: true }) };
}

/** A `kit-docs serve` child process, with its output collected. */
export interface ServeProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly base: string;
  /** Standard output so far (the JSON log lines). */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
  /** Waits until `predicate` holds for the output, polling for at most `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
}

/** Runs `kit-docs serve` from the sources on an ephemeral port and waits until it serves. */
export async function spawnServe(args: readonly string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript, 'serve', '--port', '0', ...args], {
    env: { ...process.env, HOST: '127.0.0.1', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (predicate: () => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting; stderr:\n${err.slice(-2000)}\nstdout:\n${out.slice(-2000)}`);
      if (child.exitCode !== null) throw new Error(`kit-docs serve exited with ${child.exitCode}; stderr:\n${err.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await waitFor(() => /serving .* at http:\/\/127\.0\.0\.1:\d+\//.test(err), 30_000);
  const port = Number(/at http:\/\/127\.0\.0\.1:(\d+)\//.exec(err)![1]);
  return { child, port, base: `http://127.0.0.1:${port}`, stdout: () => out, stderr: () => err, exited, waitFor };
}

/** Stops a child if it is still running, and waits for it. */
export async function stopProcess(serve: ServeProcess | undefined): Promise<void> {
  if (!serve || serve.child.exitCode !== null || serve.child.signalCode !== null) return;
  serve.child.kill('SIGTERM');
  const timer = setTimeout(() => serve.child.kill('SIGKILL'), 15_000);
  await serve.exited;
  clearTimeout(timer);
}

export { freePort } from '../../../../test-support/redis-server.js';

/** Polls `check` every 50 ms until it resolves true, for at most `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
