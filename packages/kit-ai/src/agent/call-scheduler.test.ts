import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CallScheduler, type ScheduledWork } from './call-scheduler.js';

interface Span {
  name: string;
  start: number;
  end: number;
}

function timed(name: string, ms: number, safe: boolean, spans: Span[], origin: number): ScheduledWork<string> {
  return {
    safe,
    admit: async () => true,
    run: async () => {
      const start = performance.now() - origin;
      await sleep(ms);
      spans.push({ name, start, end: performance.now() - origin });
      return name;
    },
  };
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

describe('CallScheduler', () => {
  it('runs consecutive safe calls together up to maxConcurrency and reports results in call order', async () => {
    const origin = performance.now();
    const spans: Span[] = [];
    const scheduler = new CallScheduler<string>(3);
    // The slowest first, so completion order differs from call order.
    scheduler.add(timed('a', 60, true, spans, origin));
    scheduler.add(timed('b', 40, true, spans, origin));
    scheduler.add(timed('c', 20, true, spans, origin));
    const results = await scheduler.finish();
    const wall = performance.now() - origin;
    expect(results).toEqual(['a', 'b', 'c']);
    expect(spans.map((span) => span.name)).toEqual(['c', 'b', 'a']);
    const [c, b, a] = spans as [Span, Span, Span];
    expect(overlaps(a, b) && overlaps(b, c) && overlaps(a, c)).toBe(true);
    expect(wall).toBeLessThan(110);
  });

  it('never runs more than maxConcurrency at once', async () => {
    let active = 0;
    let peak = 0;
    const scheduler = new CallScheduler<number>(2);
    for (let index = 0; index < 6; index++) {
      scheduler.add({
        safe: true,
        admit: async () => true,
        run: async () => {
          active++;
          peak = Math.max(peak, active);
          await sleep(10);
          active--;
          return index;
        },
      });
    }
    expect(await scheduler.finish()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it('runs an unsafe call alone: after everything before it, before everything after it', async () => {
    const origin = performance.now();
    const spans: Span[] = [];
    const scheduler = new CallScheduler<string>(4);
    scheduler.add(timed('s1', 30, true, spans, origin));
    scheduler.add(timed('s2', 30, true, spans, origin));
    scheduler.add(timed('u', 20, false, spans, origin));
    scheduler.add(timed('s3', 20, true, spans, origin));
    await scheduler.finish();
    const byName = Object.fromEntries(spans.map((span) => [span.name, span])) as Record<string, Span>;
    expect(overlaps(byName.s1!, byName.s2!)).toBe(true);
    expect(byName.u!.start).toBeGreaterThanOrEqual(Math.max(byName.s1!.end, byName.s2!.end) - 1);
    expect(byName.s3!.start).toBeGreaterThanOrEqual(byName.u!.end - 1);
  });

  it('runs one after another with maxConcurrency 1', async () => {
    const origin = performance.now();
    const spans: Span[] = [];
    const scheduler = new CallScheduler<string>(1);
    scheduler.add(timed('a', 15, true, spans, origin));
    scheduler.add(timed('b', 15, true, spans, origin));
    await scheduler.finish();
    expect(spans[1]!.start).toBeGreaterThanOrEqual(spans[0]!.end - 1);
  });

  it('stops at a refused call: earlier calls finish, later ones never start', async () => {
    const ran: string[] = [];
    const scheduler = new CallScheduler<string>(3);
    const work = (name: string, allowed = true): ScheduledWork<string> => ({
      safe: true,
      admit: async () => allowed,
      run: async () => {
        ran.push(name);
        await sleep(5);
        return name;
      },
    });
    scheduler.add(work('a'));
    scheduler.add(work('b', false));
    scheduler.add(work('c'));
    expect(await scheduler.finish()).toEqual(['a', undefined, undefined]);
    expect(ran).toEqual(['a']);
    expect(scheduler.refusedIndex).toBe(1);
  });

  it('stops after a result that stopWhen marks, and rethrows errors of admit or run', async () => {
    const scheduler = new CallScheduler<string>(1, (result) => result === 'fatal');
    for (const name of ['ok', 'fatal', 'later']) scheduler.add({ safe: false, admit: async () => true, run: async () => name });
    expect(await scheduler.finish()).toEqual(['ok', 'fatal', undefined]);
    expect(scheduler.refusedIndex).toBeUndefined();

    const failing = new CallScheduler<string>(2);
    failing.add({
      safe: true,
      admit: async () => {
        throw new Error('hook broke');
      },
      run: async () => 'x',
    });
    await expect(failing.finish()).rejects.toThrow('hook broke');
  });

  it('starts work added while earlier work runs (a reply still streaming) and waits for all of it', async () => {
    const scheduler = new CallScheduler<string>(2);
    const started: number[] = [];
    const origin = performance.now();
    const work = (name: string): ScheduledWork<string> => ({
      safe: true,
      admit: async () => true,
      run: async () => {
        started.push(performance.now() - origin);
        await sleep(30);
        return name;
      },
    });
    scheduler.add(work('first'));
    await sleep(10);
    expect(started).toHaveLength(1);
    const done = scheduler.finish();
    scheduler.add(work('second'));
    expect(await done).toEqual(['first', 'second']);
  });

  it('lets a gate stop the batch before any call starts', async () => {
    const scheduler = new CallScheduler<string>(2);
    scheduler.addGate(async () => false);
    scheduler.add({ safe: true, admit: async () => true, run: async () => 'never' });
    expect(await scheduler.finish()).toEqual([undefined]);
  });
});
