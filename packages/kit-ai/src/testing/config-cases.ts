import { expect } from 'vitest';
import { isKitAIError } from '../errors/kit-ai-error.js';

/**
 * Checks that a factory refuses each bad configuration at once: `create(options)` must throw a
 * `KitAIError('invalid_config')` whose message contains the case's text.
 */
export function expectInvalidConfig(
  create: (options: never) => unknown,
  cases: readonly (readonly [options: unknown, message: string])[],
): void {
  for (const [options, message] of cases) {
    let error: unknown;
    try {
      create(options as never);
    } catch (caught) {
      error = caught;
    }
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
    expect((error as Error).message).toContain(message);
  }
}
