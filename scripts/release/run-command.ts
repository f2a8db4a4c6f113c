import { spawn } from 'node:child_process';

/** How a command ended and what it printed (both streams, interleaved as they came). */
export interface CommandResult {
  readonly code: number | null;
  readonly output: string;
  readonly ms: number;
}

/** What a command needs besides its words. */
export interface CommandOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Ends the command with SIGKILL after this long; the result's code is then null. */
  readonly timeoutMs: number;
  /** Receives the output as it comes, for a person watching. */
  readonly echo?: (text: string) => void;
}

/** Runs `command args` and resolves when it has ended, whatever its exit code. */
export function runCommand(command: string, args: readonly string[], options: CommandOptions): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      options.echo?.(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `${output}\n${error.message}`, ms: performance.now() - started });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: performance.now() - started });
    });
  });
}
