import { spawn } from 'node:child_process';
import { kitBin } from './temp-app.js';

/** A `kit` command left running (a server), with its output so far. */
export interface RunningKit {
  /** Resolves with the first match of `pattern` in standard output, waiting up to `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends the signal and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; stdout: string; stderr: string }>;
  readonly output: () => { stdout: string; stderr: string };
}

/** Starts the real `kit` program and lets the test talk to it while it runs. */
export function startKit(args: readonly string[], cwd: string): RunningKit {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && key !== 'NO_COLOR' && key !== 'FORCE_COLOR') env[key] = value;
  const child = spawn(process.execPath, [kitBin, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    notify();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    notify();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.once('exit', notify);
  return {
    output: () => ({ stdout, stderr }),
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = stdout.match(pattern);
          if (match) {
            finish();
            resolve(match);
          } else if (child.exitCode !== null) {
            finish();
            reject(new Error(`kit ${args.join(' ')} exited with ${child.exitCode} before printing ${pattern}: ${stdout}${stderr}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`kit ${args.join(' ')} did not print ${pattern} within ${timeoutMs} ms: ${stdout}${stderr}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      return { code, stdout, stderr };
    },
  };
}
