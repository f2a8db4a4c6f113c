const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * An ISO 8601 time as people read it, in UTC and saying so: `4 Mar 2025, 09:07 UTC`. It is written out by
 * hand rather than with `toLocaleString` or `Intl`, whose output depends on the zone and the ICU data of the
 * machine: the server and the browser must render the same text, or React reports a hydration mismatch.
 */
export function formatUtc(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return `${time.getUTCDate()} ${months[time.getUTCMonth()]} ${time.getUTCFullYear()}, ${twoDigits(time.getUTCHours())}:${twoDigits(time.getUTCMinutes())} UTC`;
}
