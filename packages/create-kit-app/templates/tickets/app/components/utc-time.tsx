import { formatUtc } from '../lib/time.js';

// A time as every page shows it: the text in UTC, and the exact instant (with its zone, `Z`) in `datetime`.
export function UtcTime({ iso }: { readonly iso: string }) {
  return <time dateTime={iso}>{formatUtc(iso)}</time>;
}
