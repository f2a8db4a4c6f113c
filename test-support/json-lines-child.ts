import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** A TypeScript program run in a child process that reports what it does as one JSON object per line. */
export interface JsonLinesChild {
  readonly child: ChildProcess;
  /** Every line so far, parsed. */
  readonly lines: Record<string, unknown>[];
  /** The first line whose `event` is `event`; rejects, with the end of stderr, when the child exits first. */
  waitFor(event: string): Promise<Record<string, unknown>>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs `script` with the workspace packages' sources (`--conditions=kit-source`, through tsx) in its
 * own folder, with `env` added to this process's environment, for tests that kill a process and start
 * another on the same state.
 */
export function startJsonLinesChild(script: string, env: Record<string, string>): JsonLinesChild {
  const child = spawn(process.execPath, ['--conditions=kit-source', '--import', tsxLoader, script], {
    cwd: dirname(script),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: { event: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      for (const waiter of waiters.filter((candidate) => candidate.event === line.event)) waiter.resolve(line);
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    lines,
    exited,
    waitFor: (event) =>
      new Promise((resolve, reject) => {
        const seen = lines.find((line) => line.event === event);
        if (seen) return resolve(seen);
        waiters.push({ event, resolve });
        void exited.then(({ code, signal }) =>
          reject(new Error(`child exited (${code ?? signal}) before "${event}": ${stderr.slice(-1500)}`)),
        );
      }),
  };
}
