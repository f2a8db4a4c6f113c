import { describe, expect, it } from 'vitest';
import { createManualClock, systemClock } from './clock.js';

describe('createManualClock', () => {
  it('fires timers at their due time, in order, ties in the order they were set', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 100);
    clock.setTimeout(() => fired.push(`c@${clock.now()}`), 200);
    const start = clock.now();
    await clock.advance(150);
    expect(fired).toEqual([`a@${start + 100}`]);
    expect(clock.now()).toBe(start + 150);
    await clock.advance(50);
    expect(fired.slice(1)).toEqual([`b@${start + 200}`, `c@${start + 200}`]);
    expect(clock.pending).toBe(0);
  });

  it('fires timers set by a timer within the same advance', async () => {
    const clock = createManualClock(0);
    const fired: number[] = [];
    const every = (): void =>
      void clock.setTimeout(() => {
        fired.push(clock.now());
        every();
      }, 10);
    every();
    await clock.advance(35);
    expect(fired).toEqual([10, 20, 30]);
  });

  it('jumps like a paused process: overdue timers fire once, at the new time', async () => {
    const clock = createManualClock(0);
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 10);
    const cleared = clock.setTimeout(() => fired.push(-1), 20);
    clock.clearTimeout(cleared);
    await clock.jump(1_000);
    expect(fired).toEqual([1_000]);
  });
});

describe('systemClock', () => {
  it('reads the time and runs and clears real timers', async () => {
    expect(Math.abs(systemClock.now() - Date.now())).toBeLessThan(50);
    const fired: string[] = [];
    const cleared = systemClock.setTimeout(() => fired.push('cleared'), 5);
    systemClock.clearTimeout(cleared);
    await new Promise<void>((resolve) =>
      systemClock.setTimeout(() => {
        fired.push('ran');
        resolve();
      }, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fired).toEqual(['ran']);
  });
});
