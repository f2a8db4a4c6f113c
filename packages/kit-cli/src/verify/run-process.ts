import { spawn } from 'node:child_process';

/** What a child process did. */
export interface ProcessResult {
  readonly code: number;
  /** Standard output and standard error, interleaved as they came. */
  readonly output: string;
}

/** Runs `node <script> ...args` in `cwd` and collects its output; never rejects for a non-zero exit. */
export function runNode(
  script: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const defined = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const child = spawn(process.execPath, [script, ...args], { cwd, env: defined, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output: Buffer.concat(chunks).toString('utf8') }));
  });
}
