import { KitError } from '../errors/kit-error.js';

/** Default lifetime of an approval: 24 hours. */
export const defaultApprovalTtlMs = 86_400_000;

/** Longest lifetime an approval may be given: 366 days. */
export const maxApprovalTtlMs = 366 * 86_400_000;

const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const durationPattern = /^(\d{1,9})\s*(ms|s|m|h|d)$/;

/**
 * The lifetime of an approval in milliseconds: a whole number of milliseconds, or a count and a unit
 * (`'90s'`, `'15m'`, `'24h'`, `'7d'`). `component` names the caller in the error.
 */
export function approvalTtlMs(component: string, ttl: string | number | undefined): number {
  if (ttl === undefined) return defaultApprovalTtlMs;
  let ms = Number.NaN;
  if (typeof ttl === 'number') ms = ttl;
  else if (typeof ttl === 'string') {
    const match = durationPattern.exec(ttl.trim());
    if (match) ms = Number(match[1]) * units[match[2]!]!;
  }
  if (!Number.isSafeInteger(ms) || ms <= 0 || ms > maxApprovalTtlMs) {
    const shown = typeof ttl === 'string' ? JSON.stringify(ttl.slice(0, 40)) : String(ttl);
    throw new KitError(
      'invalid_input',
      `${component}: ttl ${shown} is not a lifetime; give a whole number of milliseconds or a count and a unit such as '15m', '24h' or '7d', at most 366 days (default 24h).`,
    );
  }
  return ms;
}
