import { describe, expect, it } from 'vitest';
import { KitCronError } from './errors.js';
import { compileSchedule, parseDuration } from './schedule.js';

const t = (text: string): number => Date.parse(text);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const ticks = (schedule: Parameters<typeof compileSchedule>[1], from: string, count: number): string[] => {
  const compiled = compileSchedule('t', schedule);
  const out: string[] = [];
  let at = Date.parse(from);
  for (let i = 0; i < count; i++) {
    const next = compiled.next(at);
    if (next === null) break;
    out.push(iso(next)!);
    at = next;
  }
  return out;
};

describe('cron schedules', () => {
  it('read the expression in UTC by default', () => {
    expect(ticks({ cron: '0 3 * * *' }, '2026-01-01T00:00:00Z', 2)).toEqual(['2026-01-01T03:00:00.000Z', '2026-01-02T03:00:00.000Z']);
  });

  it('read the expression in the given time zone', () => {
    expect(ticks({ cron: '0 3 * * *', timezone: 'America/New_York' }, '2026-01-01T00:00:00Z', 1)).toEqual(['2026-01-01T08:00:00.000Z']);
    expect(ticks({ cron: '0 3 * * *', timezone: 'Asia/Kolkata' }, '2026-01-01T00:00:00Z', 1)).toEqual(['2026-01-01T21:30:00.000Z']);
  });

  it('follow the wall clock across a DST change (Europe/Lisbon)', () => {
    // 03:00 Lisbon is 03:00Z in winter (WET) and 02:00Z in summer (WEST); DST starts 2026-03-29.
    expect(ticks({ cron: '0 3 * * *', timezone: 'Europe/Lisbon' }, '2026-03-27T12:00:00Z', 3)).toEqual([
      '2026-03-28T03:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
      '2026-03-30T02:00:00.000Z',
    ]);
  });

  it('run a time skipped by the spring change once, right after the gap', () => {
    // 01:30 does not exist in Lisbon on 2026-03-29 (01:00 jumps to 02:00): it runs at 02:00 WEST = 01:00Z.
    expect(ticks({ cron: '30 1 * * *', timezone: 'Europe/Lisbon' }, '2026-03-27T12:00:00Z', 3)).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('run a time repeated by the autumn change once', () => {
    // 01:30 happens twice in Lisbon on 2026-10-25 (00:30Z and 01:30Z): a fixed-time job runs at the first only.
    expect(ticks({ cron: '30 1 * * *', timezone: 'Europe/Lisbon' }, '2026-10-24T12:00:00Z', 2)).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('keep patterns with a step in the time fields on real time across the autumn change', () => {
    // Local 01:00 and 01:30 happen twice in Lisbon on 2026-10-25; a half-hourly pattern runs on both.
    expect(ticks({ cron: '*/30 * * * *', timezone: 'Europe/Lisbon' }, '2026-10-25T00:00:00Z', 4)).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('accept six fields with seconds first', () => {
    expect(ticks({ cron: '*/20 * * * * *' }, '2026-01-01T00:00:00Z', 3)).toEqual([
      '2026-01-01T00:00:20.000Z',
      '2026-01-01T00:00:40.000Z',
      '2026-01-01T00:01:00.000Z',
    ]);
  });

  it('find the last tick at or before a time, in the time zone', () => {
    const compiled = compileSchedule('t', { cron: '0 3 * * *', timezone: 'Europe/Lisbon' });
    expect(iso(compiled.latest(t('2026-03-30T02:00:00.000Z')))).toBe('2026-03-30T02:00:00.000Z');
    expect(iso(compiled.latest(t('2026-03-30T01:59:59.999Z')))).toBe('2026-03-29T02:00:00.000Z');
    expect(iso(compileSchedule('t', { every: '5m' }).latest(t('2026-01-01T00:09:59Z')))).toBe('2026-01-01T00:05:00.000Z');
    // A second-level pattern after a long pause is answered at once, not by walking every missed tick.
    const started = Date.now();
    expect(iso(compileSchedule('t', { cron: '* * * * * *' }).latest(t('2026-06-01T12:00:00.500Z')))).toBe('2026-06-01T12:00:00.000Z');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('answer null when no date matches', () => {
    expect(compileSchedule('t', { cron: '0 0 30 2 *' }).next(0)).toBeNull();
  });

  it('reject bad expressions and time zones with a message naming the fix', () => {
    expect(() => compileSchedule('report', { cron: '61 * * * *' })).toThrow(KitCronError);
    expect(() => compileSchedule('report', { cron: '61 * * * *' })).toThrow(
      /defineJob "report": schedule.cron "61 \* \* \* \*" is not a valid cron expression .*write 5 fields/,
    );
    expect(() => compileSchedule('report', { cron: '0 3 * * *', timezone: 'Mars/Base' })).toThrow(
      `defineJob "report": schedule.timezone must be an IANA time zone such as 'Europe/Lisbon' or 'UTC', got "Mars/Base".`,
    );
    expect(() => compileSchedule('report', {} as never)).toThrow(/schedule must be \{ cron/);
  });
});

describe('interval schedules', () => {
  it('tick on multiples of the interval since the Unix epoch', () => {
    expect(ticks({ every: '5m' }, '2026-01-01T00:03:10Z', 3)).toEqual([
      '2026-01-01T00:05:00.000Z',
      '2026-01-01T00:10:00.000Z',
      '2026-01-01T00:15:00.000Z',
    ]);
    expect(ticks({ every: 1500 }, '1970-01-01T00:00:00.100Z', 2)).toEqual(['1970-01-01T00:00:01.500Z', '1970-01-01T00:00:03.000Z']);
  });

  it('are not moved by DST: every hour stays 60 minutes apart', () => {
    expect(ticks({ every: '1h' }, '2026-10-25T00:00:00Z', 3)).toEqual([
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
      '2026-10-25T03:00:00.000Z',
    ]);
  });

  it('parse durations and reject bad ones', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('2d')).toBe(172_800_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration(0)).toBeUndefined();
    expect(parseDuration('5 minutes')).toBeUndefined();
    expect(() => compileSchedule('sync', { every: '-5m' })).toThrow(
      `defineJob "sync": schedule.every must be a positive duration such as '30s', '5m', '1h' or a whole number of milliseconds, got "-5m".`,
    );
  });
});
