import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryFreshnessText } from './freshness.js';

const now = Date.parse('2025-06-30T12:00:00Z');
const day = 86_400_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('memoryFreshnessText', () => {
  it('says "today" for less than a day', () => {
    expect(memoryFreshnessText(now, now)).toBe('Recorded today.');
    expect(memoryFreshnessText(now - day + 1, now)).toBe('Recorded today.');
  });

  it('counts days up to 13, then weeks, months and years, with a caveat', () => {
    expect(memoryFreshnessText(now - day, now)).toBe('Recorded 1 day ago; it may be outdated.');
    expect(memoryFreshnessText(now - 13 * day, now)).toBe('Recorded 13 days ago; it may be outdated.');
    expect(memoryFreshnessText(now - 14 * day, now)).toBe('Recorded 2 weeks ago; it may be outdated.');
    expect(memoryFreshnessText(now - 59 * day, now)).toBe('Recorded 8 weeks ago; it may be outdated.');
    expect(memoryFreshnessText(now - 60 * day, now)).toBe('Recorded 2 months ago; it may be outdated.');
    expect(memoryFreshnessText(now - 364 * day, now)).toBe('Recorded 12 months ago; it may be outdated.');
    expect(memoryFreshnessText(now - 365 * day, now)).toBe('Recorded 1 year ago; it may be outdated.');
    expect(memoryFreshnessText(now - 1000 * day, now)).toBe('Recorded 2 years ago; it may be outdated.');
  });

  it('takes up to five minutes in the future as clock skew, and more as an unknown age', () => {
    expect(memoryFreshnessText(now + 5 * 60_000, now)).toBe('Recorded today.');
    expect(memoryFreshnessText(now + 2 * day, now)).toBe(
      'Recorded at a time in the future (2025-07-02T12:00:00.000Z), so its age is unknown; treat it as possibly outdated.',
    );
  });

  it('handles timestamps that are no date', () => {
    const unknown = 'Recorded at an unknown time; treat it as possibly outdated.';
    expect(memoryFreshnessText(Number.NaN, now)).toBe(unknown);
    expect(memoryFreshnessText(Infinity, now)).toBe(unknown);
    expect(memoryFreshnessText(1e300, now)).toBe(unknown);
    expect(memoryFreshnessText('2025-01-01' as unknown as number, now)).toBe(unknown);
  });

  it('measures against the clock by default', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    expect(memoryFreshnessText(now - 3 * day)).toBe('Recorded 3 days ago; it may be outdated.');
  });
});
