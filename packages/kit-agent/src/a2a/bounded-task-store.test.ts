import { TaskState, type Task } from '@a2a-js/sdk';
import * as errors from '@a2a-js/sdk/errors';
import { ServerCallContext, type User } from '@a2a-js/sdk/server';
import { describe, expect, it } from 'vitest';
import { BoundedTaskStore } from './bounded-task-store.js';

const anonymous = new ServerCallContext();

function task(id: string, state: TaskState, timestamp = '2026-01-01T00:00:00.000Z', contextId = 'c'): Task {
  return {
    id,
    contextId,
    status: { state, message: undefined, timestamp },
    artifacts: [{ artifactId: `${id}-result`, name: 'out', description: '', parts: [], metadata: undefined, extensions: [] }],
    history: [],
    metadata: undefined,
  };
}

function listAll(store: BoundedTaskStore, context = anonymous, extra: Partial<Parameters<BoundedTaskStore['list']>[0]> = {}) {
  return store.list(
    { tenant: '', contextId: '', status: TaskState.TASK_STATE_UNSPECIFIED, pageToken: '', statusTimestampAfter: undefined, ...extra },
    context,
  );
}

describe('BoundedTaskStore', () => {
  it('copies tasks in and out, so callers never share an object with the store', async () => {
    const store = new BoundedTaskStore(10, errors);
    const original = task('a', TaskState.TASK_STATE_WORKING);
    await store.save(original, anonymous);
    original.status!.state = TaskState.TASK_STATE_FAILED;
    const loaded = await store.load('a', anonymous);
    expect(loaded?.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    loaded!.id = 'changed';
    expect((await store.load('a', anonymous))?.id).toBe('a');
    expect(await store.load('missing', anonymous)).toBeUndefined();
  });

  it('forgets the least recently saved finished task first, keeping running ones', async () => {
    const store = new BoundedTaskStore(3, errors);
    await store.save(task('running', TaskState.TASK_STATE_WORKING), anonymous);
    await store.save(task('done-1', TaskState.TASK_STATE_COMPLETED), anonymous);
    await store.save(task('done-2', TaskState.TASK_STATE_FAILED), anonymous);
    await store.save(task('new', TaskState.TASK_STATE_SUBMITTED), anonymous);
    expect(store.size).toBe(3);
    expect(await store.load('done-1', anonymous)).toBeUndefined();
    expect(await store.load('running', anonymous)).toBeDefined();
    // Saving again refreshes recency: done-2 is now the newest finished task.
    await store.save(task('done-2', TaskState.TASK_STATE_FAILED), anonymous);
    await store.save(task('done-3', TaskState.TASK_STATE_CANCELED), anonymous);
    expect(await store.load('done-2', anonymous)).toBeUndefined();
    expect(await store.load('done-3', anonymous)).toBeDefined();
  });

  it('forgets the oldest task when none has finished', async () => {
    const store = new BoundedTaskStore(2, errors);
    for (const id of ['a', 'b', 'c']) await store.save(task(id, TaskState.TASK_STATE_WORKING), anonymous);
    expect(await store.load('a', anonymous)).toBeUndefined();
    expect((await listAll(store)).tasks.map((entry) => entry.id).sort()).toEqual(['b', 'c']);
  });

  it('keeps tenants and callers apart', async () => {
    const store = new BoundedTaskStore(10, errors);
    const ada: User = { isAuthenticated: true, userName: 'ada' };
    const tenantA = new ServerCallContext({ tenant: 'a' });
    const asAda = new ServerCallContext({ user: ada });
    await store.save(task('t', TaskState.TASK_STATE_COMPLETED), tenantA);
    await store.save(task('u', TaskState.TASK_STATE_COMPLETED), asAda);
    expect(await store.load('t', anonymous)).toBeUndefined();
    expect(await store.load('t', new ServerCallContext({ tenant: 'a' }))).toBeDefined();
    expect(await store.load('u', anonymous)).toBeUndefined();
    expect((await listAll(store, asAda)).tasks.map((entry) => entry.id)).toEqual(['u']);
  });

  it('lists newest first, filtered, paged with its own tokens, artifacts only on request', async () => {
    const store = new BoundedTaskStore(10, errors);
    await store.save(task('old', TaskState.TASK_STATE_COMPLETED, '2026-01-01T00:00:01.000Z'), anonymous);
    await store.save(task('mid', TaskState.TASK_STATE_FAILED, '2026-01-01T00:00:02.000Z', 'other'), anonymous);
    await store.save(task('new', TaskState.TASK_STATE_COMPLETED, '2026-01-01T00:00:03.000Z'), anonymous);
    const first = await listAll(store, anonymous, { pageSize: 2 });
    expect(first.tasks.map((entry) => entry.id)).toEqual(['new', 'mid']);
    expect(first.totalSize).toBe(3);
    expect(first.tasks[0]!.artifacts).toEqual([]);
    const second = await listAll(store, anonymous, { pageSize: 2, pageToken: first.nextPageToken, includeArtifacts: true });
    expect(second.tasks.map((entry) => entry.id)).toEqual(['old']);
    expect(second.nextPageToken).toBe('');
    expect(second.tasks[0]!.artifacts).toHaveLength(1);
    expect((await listAll(store, anonymous, { contextId: 'other' })).tasks.map((entry) => entry.id)).toEqual(['mid']);
    expect((await listAll(store, anonymous, { status: TaskState.TASK_STATE_COMPLETED })).tasks.map((entry) => entry.id)).toEqual([
      'new',
      'old',
    ]);
    expect((await listAll(store, anonymous, { statusTimestampAfter: '2026-01-01T00:00:02.000Z' })).tasks.map((entry) => entry.id)).toEqual([
      'new',
    ]);
    await expect(listAll(store, anonymous, { pageToken: 'bm90IGEgdG9rZW4' })).rejects.toThrow('pageToken is not a token this agent issued');
    await expect(listAll(store, anonymous, { pageToken: 'bm90IGEgdG9rZW4' })).rejects.toBeInstanceOf(errors.RequestMalformedError);
  });
});
