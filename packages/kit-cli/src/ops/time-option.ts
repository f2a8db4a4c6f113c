import { usageError } from '../cli/cli-error.js';

const units: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * A point in time given on the command line: a duration back from now (`90s`, `15m`, `1h`, `7d`, `2w`)
 * or an ISO 8601 date or time (`2026-11-23`, `2026-11-23T08:00:00Z`). Returns epoch milliseconds.
 */
export function parseTimeOption(option: string, text: string, now: number): number {
  const duration = /^(\d+(?:\.\d+)?)(ms|s|m|h|d|w)$/.exec(text.trim());
  if (duration) return now - Number(duration[1]) * (units[duration[2] as string] as number);
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const at = Date.parse(text);
    if (!Number.isNaN(at)) return at;
  }
  throw usageError(
    `--${option} takes a duration back from now (30s, 15m, 1h, 7d, 2w) or an ISO date or time (2026-11-23, 2026-11-23T08:00:00Z); got "${text}"`,
  );
}

/** A `--limit`: a whole number from 1 to 10000. */
export function parseLimit(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 10_000) throw usageError(`--limit must be a whole number from 1 to 10000; got "${text}"`);
  return value;
}
