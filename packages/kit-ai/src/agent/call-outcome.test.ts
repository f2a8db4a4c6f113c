import { describe, expect, it } from 'vitest';
import { taskRecord, toolRecord, type CallOutcome } from './call-outcome.js';

const base: CallOutcome = {
  call: { id: 'c1', name: 'n', arguments: { a: 1 } },
  kind: 'tool',
  taskKind: 'custom',
  status: 'success',
  value: 42,
  iteration: 2,
  startedAt: 'T',
  durationMs: 3,
};

describe('call records', () => {
  it('keep the result on success and the error otherwise', () => {
    expect(toolRecord(base)).toEqual({
      id: 'c1',
      tool: 'n',
      args: { a: 1 },
      status: 'success',
      result: 42,
      iteration: 2,
      startedAt: 'T',
      durationMs: 3,
    });
    expect(taskRecord({ ...base, kind: 'task', taskKind: 'shell', status: 'error', error: 'boom' })).toEqual({
      id: 'c1',
      task: 'n',
      kind: 'shell',
      args: { a: 1 },
      status: 'error',
      error: 'boom',
      iteration: 2,
      startedAt: 'T',
      durationMs: 3,
    });
  });
});
