import { pino, type DestinationStream, type Logger } from 'pino';

/** Levels a deployment can choose with `LOG_LEVEL`. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * The service's structured logger: one JSON object per line on standard output, with `time`,
 * `level` (as a name, which log pipelines read without a lookup table), `msg`, and the worker's
 * `pid`. Lines are gathered into writes of about 4 KiB, flushed at least every 250 ms, so that
 * logging each request costs a system call per few dozen requests rather than one each and never
 * blocks the event loop on a slow pipe; `flush` on shutdown writes what is left.
 */
export function createLogger(options: { readonly level?: LogLevel; readonly destination?: DestinationStream } = {}): Logger {
  const destination = options.destination ?? bufferedStdout();
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/** Reads `LOG_LEVEL`; an unknown value is reported and `info` used, so a typo never silences the logs. */
export function logLevelFrom(value: string | undefined, warn: (message: string) => void): LogLevel {
  if (!value) return 'info';
  const level = value.toLowerCase();
  if ((logLevels as readonly string[]).includes(level)) return level as LogLevel;
  warn(`kit-docs: LOG_LEVEL ${JSON.stringify(value)} is not a level; use one of ${logLevels.join(', ')}. Logging at info.`);
  return 'info';
}

function bufferedStdout(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      stream.flush();
    } catch {
      // A flush while a write is in progress is refused; the next tick will take the lines.
    }
  }, 250).unref();
  return stream;
}
