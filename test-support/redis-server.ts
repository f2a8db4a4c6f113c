import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { missingTool, noteMissingTool } from './missing-tools.js';
import { freePort } from './ports.js';

export { freePort };

/** A redis-server started for a test on an ephemeral loopback port, without persistence. */
export interface TestRedis {
  readonly url: string;
  stop(): Promise<void>;
}

let installed: boolean | undefined;

function redisServerInstalled(): boolean {
  installed ??= spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  return installed;
}

/**
 * Whether `redis-server` is installed (`.ci/run` installs it). When it is not, the check is recorded,
 * for the line that ends the run: call it where tests skip, `describe.skipIf(!hasRedisServer())`.
 */
export function hasRedisServer(): boolean {
  if (redisServerInstalled()) return true;
  noteMissingTool('redis-server');
  return false;
}

/**
 * Starts a real redis-server on loopback and waits until it accepts connections. Without redis-server it
 * throws a `MissingToolError`: the suite whose `beforeAll` called it, or the test that did, is reported
 * skipped with that reason (test-runner.ts).
 */
export async function startRedis(options: { readonly port?: number } = {}): Promise<TestRedis> {
  if (!redisServerInstalled()) throw missingTool('redis-server');
  // A test that stops the server and starts it again (an outage) passes the port of the first one.
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const deadline = Date.now() + 10_000;
  while (!output.includes('Ready to accept connections')) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${output.slice(-500)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start: ${output.slice(-500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
