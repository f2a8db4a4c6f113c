import { describe, expect, it } from 'vitest';
import { isKitAIError } from '../errors/kit-ai-error.js';
import { checkBaseOptions, checkCount, checkPositiveNumber, declaredTask } from './task-options.js';

function messageOf(check: () => void): string {
  try {
    check();
  } catch (error) {
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
    return (error as Error).message;
  }
  return 'accepted';
}

describe('task options', () => {
  it('accepts good base options', () => {
    expect(
      messageOf(() =>
        checkBaseOptions('f', { name: 'run_tests-2', description: 'Runs.', failureMode: 'hard', isConcurrencySafe: true, timeoutMs: 5 }),
      ),
    ).toBe('accepted');
  });

  it('names the factory, the field, the value and the fix', () => {
    expect(messageOf(() => checkBaseOptions('f', null))).toBe('f: options must be an object, got null.');
    expect(messageOf(() => checkBaseOptions('f', { name: 'x'.repeat(65), description: 'd' }))).toContain(
      `f: name must be 1 to 64 letters, digits, '_' or '-', got "${'x'.repeat(60)}…"`,
    );
    expect(messageOf(() => checkBaseOptions('f', { name: 'n', description: 'd', parameters: [] }))).toBe(
      'f: task "n": parameters must be a JSON Schema object, got an array.',
    );
    expect(messageOf(() => checkBaseOptions('f', { name: 'n', description: 'd', isConcurrencySafe: 1 }))).toBe(
      'f: task "n": isConcurrencySafe must be a boolean, got 1.',
    );
    expect(messageOf(() => checkPositiveNumber('f', 'limit', Number.POSITIVE_INFINITY, 'bytes'))).toBe(
      'f: limit must be a positive number of bytes, got Infinity.',
    );
    expect(messageOf(() => checkCount('f', 'retries', 1.5))).toBe('f: retries must be a whole number of 0 or more, got 1.5.');
    expect(messageOf(() => checkCount('f', 'retries', 0))).toBe('accepted');
  });
});

describe('declaredTask', () => {
  it('gives every kind the same defaults and keeps what the options set', () => {
    expect(declaredTask({ name: 'a', description: 'A.' }, 'remote')).toEqual({
      name: 'a',
      description: 'A.',
      kind: 'remote',
      parameters: { type: 'object' },
      isConcurrencySafe: false,
      failureMode: 'soft',
    });
    const schema = { type: 'object', required: ['goal'] };
    expect(declaredTask({ name: 'b', description: 'B.' }, 'subagent', schema).parameters).toBe(schema);
    const own = { type: 'object', properties: {} };
    expect(
      declaredTask({ name: 'c', description: 'C.', parameters: own, isConcurrencySafe: true, failureMode: 'hard' }, 'shell', schema),
    ).toEqual({
      name: 'c',
      description: 'C.',
      kind: 'shell',
      parameters: own,
      isConcurrencySafe: true,
      failureMode: 'hard',
    });
  });
});
