import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { CliError } from '../cli/cli-error.js';
import { exitCodes } from '../cli/exit-codes.js';

/** The file of an app's local settings (secrets, `DATABASE_URL`), kept out of version control. */
export const envFileName = '.env';

/**
 * Reads the app's `.env` (Node's own parser: `KEY=value` lines, quotes, `#` comments) and returns the
 * variables the environment does not set already: what the environment says always wins, so a
 * deployment's settings are never overridden by a file left in the image. Missing file: nothing.
 */
export function readEnvFile(root: string, env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(join(root, envFileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return {};
    throw new CliError(
      exitCodes.environment,
      `${envFileName} in ${root} cannot be read (${(error as Error).message}); fix its permissions or remove it`,
    );
  }
  const added: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (value !== undefined && env[key] === undefined) added[key] = value;
  }
  return added;
}

/**
 * Adds the app's `.env` variables that are not set to `process.env`, where the app's code reads them
 * (kit runs the app in its own process), and returns the command's environment with them.
 */
export function applyEnvFile(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
): Readonly<Record<string, string | undefined>> {
  const added = readEnvFile(root, env);
  for (const [key, value] of Object.entries(added)) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
  return Object.keys(added).length === 0 ? env : { ...added, ...env };
}
