import * as errors from '@a2a-js/sdk/errors';
import { describe, expect, it } from 'vitest';
import { checkOutputModes, outputParts } from './output-parts.js';

describe('outputParts', () => {
  it('writes the output as a data part and as JSON text, each when the client accepts it', () => {
    expect(outputParts({ a: 1 }, [])).toEqual([
      { content: { $case: 'data', value: { a: 1 } }, metadata: undefined, filename: '', mediaType: 'application/json' },
      { content: { $case: 'text', value: '{"a":1}' }, metadata: undefined, filename: '', mediaType: 'text/plain' },
    ]);
    expect(outputParts([1, 2], ['Application/JSON; charset=utf-8']).map((part) => part.content?.$case)).toEqual(['data']);
    expect(outputParts('x', ['text/*']).map((part) => part.content?.$case)).toEqual(['text']);
    expect(outputParts(undefined, ['*/*'])).toHaveLength(2);
    expect(outputParts(undefined, [])[0]!.content).toEqual({ $case: 'data', value: null });
  });
});

describe('checkOutputModes', () => {
  it('refuses a list that takes neither JSON nor text', () => {
    expect(() => checkOutputModes([], errors)).not.toThrow();
    expect(() => checkOutputModes(['image/png', 'text/plain'], errors)).not.toThrow();
    expect(() => checkOutputModes(['image/png', 'audio/*'], errors)).toThrow(errors.ContentTypeNotSupportedError);
    expect(() => checkOutputModes(['image/png'], errors)).toThrow(
      'acceptedOutputModes ["image/png"] takes none of the outputs of this agent; accept application/json (a data part) or text/plain (the same JSON as text).',
    );
  });
});
