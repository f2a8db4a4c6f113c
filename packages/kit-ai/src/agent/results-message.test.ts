import { describe, expect, it } from 'vitest';
import type { CallOutcome } from './call-outcome.js';
import { formatResultsMessage } from './results-message.js';

function outcome(id: string, name: string, fields: Partial<CallOutcome>): CallOutcome {
  return {
    call: { id, name, arguments: {} },
    kind: 'tool',
    taskKind: 'custom',
    status: 'success',
    iteration: 1,
    startedAt: '',
    durationMs: 0,
    ...fields,
  };
}

describe('formatResultsMessage', () => {
  it('writes one block per call in order: results as JSON, errors on one line', async () => {
    const text = await formatResultsMessage(
      [
        outcome('c1', 'lookup', { value: { a: 1 } }),
        outcome('c2', 'build', { kind: 'task', status: 'error', error: 'Task build failed: exit 2' }),
        outcome('c3', 'ping', { value: undefined }),
      ],
      undefined,
    );
    expect(text).toBe(
      'Result of tool lookup (call c1):\n{"a":1}\n\nError from task build (call c2): Task build failed: exit 2\n\nResult of tool ping (call c3):\nnull',
    );
  });

  it('ends with the calls that were not run after a refusal', async () => {
    const text = await formatResultsMessage([outcome('c1', 'a', { value: 1 })], undefined, {
      refused: { id: 'c2', name: 'refund', arguments: {} },
      kind: 'tool',
      reason: 'needs a supervisor.',
      notRun: [{ call: { id: 'c3', name: 'deploy', arguments: {} }, kind: 'task' }],
    });
    expect(text).toBe(
      'Result of tool a (call c1):\n1\n\nNot run: tool refund (call c2) needs approval: needs a supervisor. Also not run: task deploy (call c3). Wait for the decision in the next message; if it is approved, make the call again.',
    );
  });

  it('says which task calls started in the background, after the results and before a refusal', async () => {
    const text = await formatResultsMessage(
      [outcome('c1', 'a', { value: 1 })],
      undefined,
      { refused: { id: 'c3', name: 'refund', arguments: {} }, kind: 'tool', reason: 'ask first', notRun: [] },
      [{ id: 'c2', name: 'build', arguments: {} }],
    );
    expect(text).toBe(
      'Result of tool a (call c1):\n1\n\n' +
        'Started in the background: task build (call c2); its result will come in a later message.\n\n' +
        'Not run: tool refund (call c3) needs approval: ask first. Wait for the decision in the next message; if it is approved, make the call again.',
    );
  });

  it('adds a truncation note under a shortened result', async () => {
    const text = await formatResultsMessage([outcome('c1', 'big', { value: 'x'.repeat(50) })], { maxChars: 10 });
    expect(text).toBe('Result of tool big (call c1):\n"xxxxxxxxx\n[truncated: 42 of 52 characters cut]');
  });

  it('is empty without outcomes', async () => {
    expect(await formatResultsMessage([], undefined)).toBe('');
  });
});
