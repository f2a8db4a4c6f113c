import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const worker = join(here, 'testing', 'agent-job-process.ts');
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface Worker {
  readonly child: ChildProcess;
  readonly lines: Record<string, unknown>[];
  waitFor(event: string): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startWorker(phase: 'first' | 'second', dir: string): Worker {
  const child = spawn(process.execPath, ['--conditions=kit-source', '--import', tsxLoader, worker], {
    cwd: here,
    env: { ...process.env, PHASE: phase, CHECKPOINT_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  let stderr = '';
  const waiters: { event: string; resolve: () => void }[] = [];
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.event === line.event)) waiter.resolve();
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
      new Promise<void>((resolve, reject) => {
        if (lines.some((line) => line.event === event)) return resolve();
        waiters.push({ event, resolve });
        void exited.then(({ code, signal }) =>
          reject(new Error(`worker exited (${code ?? signal}) before "${event}": ${stderr.slice(-800)}`)),
        );
      }),
  };
}

describe('an agent job across a process restart', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kit-cron-restart-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('resumes from the last saved checkpoint after SIGKILL, not from scratch', async () => {
    const first = startWorker('first', dir);
    await first.waitFor('blocking');
    const saved = JSON.parse(await readFile(join(dir, 'counter.json'), 'utf8')) as { stage: string; iterations: number };
    expect(saved).toMatchObject({ stage: 'tool_result', iterations: 1 });
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(first.lines.filter((line) => line.event === 'step').map((line) => line.n)).toEqual([1, 2]);

    const second = startWorker('second', dir);
    expect(await second.exited).toEqual({ code: 0, signal: null });
    const llmCalls = second.lines.filter((line) => line.event === 'llm');
    // The first model call of the new process already sees step 1's result: the run was resumed.
    expect(llmCalls[0]).toMatchObject({ stepsSeen: 1 });
    expect(second.lines.filter((line) => line.event === 'step').map((line) => line.n)).toEqual([2, 3]);
    expect(second.lines.filter((line) => String(line.event).startsWith('job.')).map((line) => line.event)).toEqual([
      'job.started',
      'job.succeeded',
    ]);
    expect(existsSync(join(dir, 'counter.json'))).toBe(false);
  }, 60_000);
});
