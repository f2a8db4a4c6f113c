import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const kitDocsBin = fileURLToPath(new URL('../../packages/docs/bin/kit-docs.js', import.meta.url));
const kitDocsSource = fileURLToPath(new URL('../../packages/docs/src/cli/main.ts', import.meta.url));
const bareServer = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

/** A server under test, in its own process. */
export interface ServerProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly port: number;
  readonly base: string;
  /** Milliseconds from spawning the process to the first successful response. */
  readonly coldStartMs: number;
  stop(): Promise<void>;
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 'NaN');
  return Math.round((kib / 1024) * 10) / 10;
}

/**
 * Starts `kit-docs serve` from the built package as `npm start` does, in one process (`--workers 1`),
 * and measures its cold start: spawn to the first 200 from `/api/health`.
 */
export function startService(
  extraArgs: readonly string[] = [],
  env: Record<string, string> = {},
  fromSource = false,
): Promise<ServerProcess> {
  const entry = fromSource ? ['--conditions=kit-source', '--import', 'tsx', kitDocsSource] : [kitDocsBin];
  return startProcess(
    'kit docs',
    process.execPath,
    [...entry, 'serve', '--port', '0', '--workers', '1', ...extraArgs],
    env,
    (text) => /at http:\/\/127\.0\.0\.1:(\d+)\//.exec(text)?.[1],
    'stderr',
  );
}

/** Starts the bare node:http baseline. */
export function startBare(): Promise<ServerProcess> {
  return startScript('bare node:http', bareServer);
}

/**
 * Starts a TypeScript server script that prints its port on standard output (run through tsx, with the
 * workspace packages' sources when `kitSource` is set, as the tests use them).
 */
export function startScript(name: string, file: string, kitSource = false): Promise<ServerProcess> {
  const args = [...(kitSource ? ['--conditions=kit-source'] : []), '--import', 'tsx', file];
  return startProcess(name, process.execPath, args, {}, (text) => /^(\d+)$/m.exec(text)?.[1], 'stdout');
}

async function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  portIn: (text: string) => string | undefined,
  stream: 'stdout' | 'stderr',
): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child[stream]!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  // The other stream is drained so a chatty server never blocks on a full pipe.
  child[stream === 'stdout' ? 'stderr' : 'stdout']!.resume();
  const deadline = Date.now() + 30_000;
  let port: string | undefined;
  while (!(port = portIn(text))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start: ${text.slice(-1000)}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${name} never answered /api/health`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const coldStartMs = Math.round(performance.now() - started);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(kill);
  };
  return { name, child, port: Number(port), base, coldStartMs, stop };
}
