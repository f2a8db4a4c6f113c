import { describe, expect, it } from 'vitest';
import { Deadlines, type Deadlined } from './render-deadlines.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function entry(inMs: number, expired: string[], name: string): Deadlined {
  return { deadline: performance.now() + inMs, expire: () => expired.push(name) };
}

describe('Deadlines', () => {
  it('expires each entry at its own deadline, the earliest first, and forgets what ended in time', async () => {
    const deadlines = new Deadlines();
    const expired: string[] = [];
    const late = entry(120, expired, 'late');
    const early = entry(30, expired, 'early');
    const inTime = entry(60, expired, 'in time');
    deadlines.watch(late);
    deadlines.watch(early);
    deadlines.watch(inTime);
    deadlines.forget(inTime);
    await wait(80);
    expect(expired).toEqual(['early']);
    expect(deadlines.size).toBe(1);
    await wait(80);
    expect(expired).toEqual(['early', 'late']);
    expect(deadlines.size).toBe(0);
  });

  it('re-arms for an entry whose deadline comes before the one the timer waits for', async () => {
    const deadlines = new Deadlines();
    const expired: string[] = [];
    deadlines.watch(entry(10_000, expired, 'far'));
    deadlines.watch(entry(20, expired, 'near'));
    await wait(60);
    expect(expired).toEqual(['near']);
  });
});
