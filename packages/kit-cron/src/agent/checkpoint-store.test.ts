import { mkdtemp, readdir, readFile, rm, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentCheckpoint } from '@kit/kit-ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KitCronError } from '../errors.js';
import { fileCheckpointStore } from './checkpoint-store.js';

const checkpoint = (iterations: number): AgentCheckpoint => ({
  stage: 'tool_result',
  goal: 'count',
  messages: [{ role: 'user', content: 'count' }],
  iterations,
  toolCalls: [],
  taskCalls: [],
  maxOutputTokens: 0,
  compaction: { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 0 },
});

describe('fileCheckpointStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kit-cron-checkpoints-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('saves, loads, replaces and deletes a checkpoint per key', async () => {
    const store = fileCheckpointStore(join(dir, 'nested'));
    expect(await store.load('job/a b')).toBeUndefined();
    await store.save('job/a b', checkpoint(1));
    await store.save('job/a b', checkpoint(2));
    await store.save('other', checkpoint(7));
    expect(await store.load('job/a b')).toEqual(checkpoint(2));
    expect((await readdir(join(dir, 'nested'))).sort()).toEqual(['job%2Fa%20b.json', 'other.json']);
    await store.delete('job/a b');
    await store.delete('job/a b');
    expect(await store.load('job/a b')).toBeUndefined();
    expect(await store.load('other')).toEqual(checkpoint(7));
  });

  it('leaves the previous checkpoint whole when a write fails', async () => {
    const store = fileCheckpointStore(dir);
    await store.save('job', checkpoint(1));
    const cyclic = checkpoint(2) as AgentCheckpoint & { self?: unknown };
    cyclic.self = cyclic;
    await expect(store.save('job', cyclic)).rejects.toMatchObject({ code: 'checkpoint_store_failed' });
    expect(await store.load('job')).toEqual(checkpoint(1));
    expect(await readdir(dir)).toEqual(['job.json']);
  });

  it('reports a corrupt file with its path and the fix instead of starting over', async () => {
    const store = fileCheckpointStore(dir);
    await writeFile(join(dir, 'job.json'), '{"stage": "tool_res');
    const error = await store.load('job').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KitCronError);
    expect((error as KitCronError).code).toBe('checkpoint_store_failed');
    expect((error as KitCronError).message).toMatch(
      new RegExp(
        `^fileCheckpointStore: could not parse ${join(dir, 'job.json')}: .*; delete the file to start the job over, or restore it from a backup\\.$`,
      ),
    );
    await writeFile(join(dir, 'job.json'), '{"hello": 1}');
    await expect(store.load('job')).rejects.toThrow(
      'it is not an agent checkpoint (no stage or messages); delete the file to start the job over.',
    );
  });

  it.skipIf(process.getuid?.() === 0)('reports a directory it cannot write', async () => {
    await chmod(dir, 0o500);
    try {
      await expect(fileCheckpointStore(dir).save('job', checkpoint(1))).rejects.toThrow(
        /^fileCheckpointStore: could not write .*job\.json: .*check that the directory exists, is writable and has space\.$/,
      );
    } finally {
      await chmod(dir, 0o700);
    }
  });

  it('writes plain JSON', async () => {
    await fileCheckpointStore(dir).save('job', checkpoint(3));
    expect(JSON.parse(await readFile(join(dir, 'job.json'), 'utf8'))).toEqual(checkpoint(3));
    expect(() => fileCheckpointStore('')).toThrow('fileCheckpointStore: dir must be a directory path, got "".');
  });
});
