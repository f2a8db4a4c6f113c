import { describe, expect, it } from 'vitest';
import { isKitAIError } from '../errors/kit-ai-error.js';
import { validateArgs } from '../tools/validate-args.js';
import { expandTemplate, templatePlaceholders, templateSchema } from './arg-template.js';

describe('argument templates', () => {
  it('lists placeholders once, in order, ignoring escaped braces', () => {
    expect(templatePlaceholders(['{b}', 'x={a}', '{b}', '{{c}}', 'plain'])).toEqual(['b', 'a']);
  });

  it('fills each item into exactly one argv item', () => {
    expect(
      expandTemplate('t', ['log', '-n', '{count}', '--grep={text}', '{flag}', '{obj}', '{{x}}'], {
        count: 5,
        text: 'a b "c"',
        flag: false,
        obj: { k: [1] },
      }),
    ).toEqual(['log', '-n', '5', '--grep=a b "c"', 'false', '{"k":[1]}', '{x}']);
  });

  it('spreads a list into an item that is exactly its placeholder', () => {
    expect(expandTemplate('t', ['add', '{files}', '--'], { files: ['a b', 2] })).toEqual(['add', 'a b', '2', '--']);
    expect(expandTemplate('t', ['{files}'], { files: [] })).toEqual([]);
  });

  it('rejects missing values and lists inside longer items with invalid_arguments', () => {
    for (const [template, args, message] of [
      [['{path}'], {}, 't: the argument "path" is missing, but the command template uses {path}; pass it in the call.'],
      [['{path}'], { path: null }, 'the argument "path" is missing'],
      [['--f={files}'], { files: ['a'] }, 'a list can only fill an item that is exactly {files}'],
    ] as const) {
      let error: unknown;
      try {
        expandTemplate('t', template, args);
      } catch (caught) {
        error = caught;
      }
      expect(isKitAIError(error, 'invalid_arguments')).toBe(true);
      expect((error as Error).message).toContain(message);
    }
  });

  it('derives a schema the arguments are checked against', () => {
    const schema = templateSchema(['-n', '{count}', '{files}']);
    expect(validateArgs({ count: 3, files: ['a', 'b'] }, schema).valid).toBe(true);
    expect(validateArgs({ count: 3 }, schema).errors).toEqual([{ path: 'files', message: 'files is required' }]);
    expect(validateArgs({ count: 3, files: 'a', extra: 1 }, schema).errors).toEqual([
      { path: 'extra', message: 'extra is not a known argument' },
    ]);
    expect(validateArgs({ count: { n: 1 }, files: 'a' }, schema).valid).toBe(false);
  });
});
