const minute = 60_000;
const day = 24 * 60 * minute;

// Clocks of two machines (the one that stored a memory, the one reading it) rarely agree to the second;
// a timestamp at most this far ahead is taken as "now" rather than as a broken record.
const clockSkewTolerance = 5 * minute;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * A caveat about a memory's age, written for the model, so that it weighs a memory from this morning
 * differently from one from last year. `timestampMs` is when the memory was recorded (milliseconds since
 * the epoch, as `Date.parse(entry.createdAt)` gives); `nowMs` defaults to `Date.now()`.
 *
 * - under a day old: `Recorded today.`
 * - 1 to 13 days: `Recorded 3 days ago; it may be outdated.`
 * - 14 to 59 days: in weeks (`Recorded 2 weeks ago; ...`), 60 to 364 days: in months of 30 days, then in
 *   years of 365 days, each followed by `; it may be outdated.`
 * - more than 5 minutes in the future: `Recorded at a time in the future (<ISO time>), so its age is
 *   unknown; treat it as possibly outdated.` (up to 5 minutes ahead counts as clock skew: `Recorded today.`)
 * - not a valid date (NaN, Infinity, beyond the range of `Date`): `Recorded at an unknown time; treat it as possibly outdated.`
 *
 * @example
 * ```ts
 * import { memoryFreshnessText } from '@kit/kit-ai';
 *
 * const recordedAt = Date.parse('2025-01-10T09:00:00Z');
 * memoryFreshnessText(recordedAt, Date.parse('2025-01-10T17:00:00Z')); // 'Recorded today.'
 * memoryFreshnessText(recordedAt, Date.parse('2025-01-31T09:00:00Z')); // 'Recorded 3 weeks ago; it may be outdated.'
 * ```
 */
export function memoryFreshnessText(timestampMs: number, nowMs: number = Date.now()): string {
  // Beyond ±8.64e15 ms a number is no JavaScript date at all.
  if (typeof timestampMs !== 'number' || !(Math.abs(timestampMs) <= 8.64e15))
    return 'Recorded at an unknown time; treat it as possibly outdated.';
  const age = (Number.isFinite(nowMs) ? nowMs : Date.now()) - timestampMs;
  if (age < -clockSkewTolerance) {
    return `Recorded at a time in the future (${new Date(timestampMs).toISOString()}), so its age is unknown; treat it as possibly outdated.`;
  }
  const days = Math.floor(Math.max(0, age) / day);
  if (days < 1) return 'Recorded today.';
  let amount: string;
  if (days < 14) amount = plural(days, 'day');
  else if (days < 60) amount = plural(Math.floor(days / 7), 'week');
  else if (days < 365) amount = plural(Math.floor(days / 30), 'month');
  else amount = plural(Math.floor(days / 365), 'year');
  return `Recorded ${amount} ago; it may be outdated.`;
}
