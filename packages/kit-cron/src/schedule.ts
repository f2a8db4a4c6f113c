import { Cron } from 'croner';
import { KitCronError } from './errors.js';

/**
 * When a job runs: a cron expression (5 fields, or 6 with seconds first) read in `timezone` (an IANA
 * name, default UTC), or a fixed interval (`'30s'`, `'5m'`, `'1h'`, `'1d'`, or milliseconds).
 */
export type JobSchedule = { readonly cron: string; readonly timezone?: string } | { readonly every: string | number };

/** A schedule checked and ready to answer "when next?". */
export interface CompiledSchedule {
  /** The schedule as written, for messages: `cron "0 3 * * *" in Europe/Lisbon`, `every 5m`. */
  readonly description: string;
  /** The first tick strictly after `after` (epoch ms), or `null` when the schedule has no more ticks. */
  next(after: number): number | null;
  /** The last tick at or before `atOrBefore` (epoch ms), or `null` when there is none. */
  latest(atOrBefore: number): number | null;
}

const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const durationPattern = /^(\d{1,9})\s*(ms|s|m|h|d)$/;

/** Milliseconds of a duration written as a count and a unit (`ms`, `s`, `m`, `h`, `d`) or given as a number; `undefined` when it is not one. */
export function parseDuration(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = durationPattern.exec(value.trim());
  const ms = match ? Number(match[1]) * units[match[2]!]! : 0;
  return ms > 0 ? ms : undefined;
}

/** Checks a schedule and prepares it; throws `invalid_config` naming the job, the value and the fix. */
export function compileSchedule(job: string, schedule: JobSchedule): CompiledSchedule {
  if (schedule !== null && typeof schedule === 'object' && 'cron' in schedule) return compileCron(job, schedule.cron, schedule.timezone);
  if (schedule !== null && typeof schedule === 'object' && 'every' in schedule) {
    const interval = parseDuration(schedule.every);
    if (interval === undefined) {
      throw new KitCronError(
        'invalid_config',
        `defineJob "${job}": schedule.every must be a positive duration such as '30s', '5m', '1h' or a whole number of milliseconds, got ${JSON.stringify(schedule.every)}.`,
      );
    }
    return {
      description: `every ${typeof schedule.every === 'number' ? `${schedule.every}ms` : schedule.every.trim()}`,
      // Ticks are aligned to the Unix epoch, so every replica and every restart agree on them.
      next: (after) => (Math.floor(after / interval) + 1) * interval,
      latest: (atOrBefore) => Math.floor(atOrBefore / interval) * interval,
    };
  }
  throw new KitCronError(
    'invalid_config',
    `defineJob "${job}": schedule must be { cron: '<expression>', timezone?: '<IANA zone>' } or { every: '<duration>' }, got ${JSON.stringify(schedule)}.`,
  );
}

function compileCron(job: string, expression: unknown, timezone: unknown): CompiledSchedule {
  if (typeof expression !== 'string' || expression.trim() === '') {
    throw new KitCronError(
      'invalid_config',
      `defineJob "${job}": schedule.cron must be a cron expression such as '0 3 * * *', got ${JSON.stringify(expression)}.`,
    );
  }
  if (timezone !== undefined && (typeof timezone !== 'string' || !isTimeZone(timezone))) {
    throw new KitCronError(
      'invalid_config',
      `defineJob "${job}": schedule.timezone must be an IANA time zone such as 'Europe/Lisbon' or 'UTC', got ${JSON.stringify(timezone)}.`,
    );
  }
  const zone = (timezone as string | undefined) ?? 'UTC';
  let cron: Cron;
  try {
    cron = new Cron(expression, { timezone: zone, paused: true, mode: '5-or-6-parts' });
  } catch (error) {
    throw new KitCronError(
      'invalid_config',
      `defineJob "${job}": schedule.cron ${JSON.stringify(expression)} is not a valid cron expression (${(error as Error).message}); write 5 fields (minute hour day month weekday) or 6 with seconds first, such as '0 3 * * *'.`,
      { cause: error },
    );
  }
  return {
    description: `cron "${expression}" in ${zone}`,
    next: (after) => cron.nextRun(new Date(after))?.getTime() ?? null,
    // previousRuns looks strictly before its reference, hence the extra millisecond.
    latest: (atOrBefore) => cron.previousRuns(1, new Date(atOrBefore + 1))[0]?.getTime() ?? null,
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
