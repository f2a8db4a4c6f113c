import { describe, expect, it } from 'vitest';
import type { JobRunRecord } from './events.js';
import { RunHistory } from './history.js';

const record = (job: string, n: number): JobRunRecord => ({
  job,
  runId: `${job}#${n}`,
  trigger: 'schedule',
  status: 'success',
  scheduledAt: new Date(n),
  startedAt: new Date(n),
  durationMs: 0,
  attempt: 1,
});

describe('RunHistory', () => {
  it('keeps the last records of each job, newest first', () => {
    const history = new RunHistory(2);
    for (const [job, n] of [
      ['a', 1],
      ['b', 2],
      ['a', 3],
      ['a', 4],
      ['b', 5],
    ] as const)
      history.add(record(job, n));
    expect(history.list('a').map((r) => r.runId)).toEqual(['a#4', 'a#3']);
    expect(history.list().map((r) => r.runId)).toEqual(['b#5', 'a#4', 'a#3', 'b#2']);
    expect(history.list('c')).toEqual([]);
  });
});
