import { fromKitDevError } from './kit-dev-errors.js';
import { usageError } from '../cli/cli-error.js';
import type { CommandContext, OptionSpec } from '../cli/command.js';

/** `--port` and `--host` of the servers. */
export const serveOptions: readonly OptionSpec[] = [
  { name: 'port', type: 'string', value: '<n>', description: 'port to listen on, 0 for a free one (default: PORT, else 3000)' },
  {
    name: 'host',
    type: 'string',
    value: '<addr>',
    description: 'address to bind, 0.0.0.0 for every interface (default: HOST, else 127.0.0.1)',
  },
];

/** The port and host of a server: the options, else `PORT` and `HOST`, else 3000 on 127.0.0.1. */
export function serveAddress(context: CommandContext): { port: number; host: string } {
  const portText = context.string('port') ?? (context.env.PORT || '3000');
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535)
    throw usageError(
      `the port must be a whole number from 0 to 65535 (0 picks a free one); got "${portText}"${context.string('port') === undefined ? ' from PORT' : ''}`,
    );
  const host = context.string('host') ?? (context.env.HOST || '127.0.0.1');
  if (host.trim() === '' || /\s/.test(host)) throw usageError(`the host must be an address such as 127.0.0.1 or 0.0.0.0; got "${host}"`);
  return { port, host };
}

/** Resolves when the command is asked to stop (Ctrl-C, SIGTERM, or the caller's signal). */
export function untilStopped(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/**
 * Starts a server with `start`, keeps it running until the command is stopped (Ctrl-C, SIGTERM), then closes
 * it. A failing start closes whatever it left open and is reported as the kit-dev error it was.
 */
export async function serveUntilStopped(signal: AbortSignal, start: () => Promise<{ close(): Promise<void> }>): Promise<void> {
  const server = await start().catch((error: unknown) => {
    throw fromKitDevError(error);
  });
  try {
    await untilStopped(signal);
  } finally {
    await server.close();
  }
}
