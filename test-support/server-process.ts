import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/** How to start a database server for a test, and how to know it is ready. */
export interface ServerProcessOptions {
  /** Name for error messages (`postgres`, `mariadbd`). */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Text the server prints (on stdout or stderr) once it accepts connections. */
  readonly readyText: string;
  /** The signal of a clean, fast shutdown. */
  readonly stopSignal: NodeJS.Signals;
  /** How long a shutdown may take before the server is killed. */
  readonly killAfterMs: number;
  /** The server's temp directory, removed once it has stopped. */
  readonly dir: string;
  /** How long the server may take to become ready. Default 15 s. */
  readonly startTimeoutMs?: number;
}

/** A server process that has printed its ready text. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/**
 * Spawns a server, waits for its ready text, and gives a `stop` that shuts it down cleanly (then by
 * force) and removes its directory. A test process that exits without stopping it kills it, so no
 * server outlives its tests.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(options.command, [...options.args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(options.stopSignal);
      const timer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
      await exited;
      clearTimeout(timer);
    }
    rmSync(options.dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
  while (!output.includes(options.readyText)) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${options.name} exited: ${output.slice(-800)}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.name} did not start: ${output.slice(-800)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, stop };
}
