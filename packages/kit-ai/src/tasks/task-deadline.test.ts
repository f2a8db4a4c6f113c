import { describe, expect, it } from 'vitest';
import { taskDeadline } from './task-deadline.js';

describe('taskDeadline', () => {
  it('fires tool_timeout naming the task at timeoutMs', async () => {
    const deadline = taskDeadline('createShellTask "x"', undefined, 10);
    const error = await deadline.race(new Promise(() => {})).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'tool_timeout',
      message: 'createShellTask "x" did not finish within 10 ms (timeoutMs); raise timeoutMs or make the work smaller.',
    });
    expect(deadline.signal.aborted).toBe(true);
    deadline.dispose();
  });

  it('fires aborted with the run signal reason as cause', () => {
    const parent = new AbortController();
    const deadline = taskDeadline('createRemoteTask "y"', parent.signal, undefined);
    parent.abort('stop');
    expect(deadline.reason()).toMatchObject({
      code: 'aborted',
      message: `createRemoteTask "y" was canceled: its context.signal was aborted.`,
      cause: 'stop',
    });
    deadline.dispose();
  });
});
