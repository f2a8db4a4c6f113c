/**
 * Reads an environment variable; an unset variable reads as the empty string, so callers write
 * `env('PORT') || '3000'` instead of handling `undefined`.
 *
 * @example
 * ```ts
 * import { env } from '@kit/kit-core';
 *
 * const port = Number(env('PORT') || '3000');
 * ```
 */
export function env(key: string): string {
  return process.env[key] ?? '';
}
