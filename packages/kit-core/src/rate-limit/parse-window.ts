const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const windowPattern = /^(\d{1,9})\s*(ms|s|m|h|d)$/;

/**
 * The length in milliseconds of a rate-limit window written as a count and a unit: `ms`, `s`, `m`,
 * `h` or `d` (`'500ms'`, `'30s'`, `'1m'`, `'1h'`, `'1d'`).
 *
 * @example
 * ```ts
 * import { parseWindow } from '@kit/kit-core';
 *
 * console.log(parseWindow('1m')); // 60000
 * ```
 */
export function parseWindow(window: string): number {
  const match = windowPattern.exec(window.trim());
  const milliseconds = match ? Number(match[1]) * units[match[2]!]! : 0;
  if (milliseconds <= 0) {
    throw new TypeError(
      `defineRateLimit: window ${JSON.stringify(window)} is not a duration; write a positive count and a unit, such as '30s', '1m', '1h' or '1d'`,
    );
  }
  return milliseconds;
}
