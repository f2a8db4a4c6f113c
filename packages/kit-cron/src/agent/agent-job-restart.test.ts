import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startJsonLinesChild } from '../../../../test-support/json-lines-child.js';

const here = dirname(fileURLToPath(import.meta.url));
const worker = join(here, 'testing', 'agent-job-process.ts');

function startWorker(phase: 'first' | 'second', dir: string) {
  return startJsonLinesChild(worker, { PHASE: phase, CHECKPOINT_DIR: dir });
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
