import { CliError, environmentError, failure } from '../cli/cli-error.js';

/**
 * kit-dev's errors as exits: the app's own faults (it does not build, a module throws, two files serve one
 * route) exit 1 with the file and line; what stops the command from running (no build, a taken port, a
 * missing route folder) exits 3.
 */
export function fromKitDevError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const location = (error as { location?: { file: string; line: number; column: number } } | null)?.location;
  const message = error instanceof Error ? error.message : String(error);
  const where = location && !message.includes(location.file) ? ` (${location.file}:${location.line}:${location.column})` : '';
  if (
    code === 'build_failed' ||
    code === 'load_failed' ||
    code === 'route_errors' ||
    code === 'duplicate_route' ||
    code === 'prerender_failed'
  )
    return failure(`${message}${where}`, error);
  if (code === 'build_missing' || code === 'listen_failed' || code === 'invalid_option') return environmentError(message, error);
  if (error instanceof TypeError) return failure(message, error);
  throw error;
}
