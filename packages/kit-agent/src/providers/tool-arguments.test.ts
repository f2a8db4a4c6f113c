import { KitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { isCompleteJsonObject, parseToolArguments } from './tool-arguments.js';

describe('parseToolArguments', () => {
  it('parses a JSON object and treats an empty text as no arguments', () => {
    expect(parseToolArguments('p', 'lookup', '{"id": 7, "tags": ["a"]}')).toEqual({ id: 7, tags: ['a'] });
    expect(parseToolArguments('p', 'lookup', '')).toEqual({});
    expect(parseToolArguments('p', 'lookup', '  \n')).toEqual({});
  });

  it('rejects broken JSON and non-objects as llm_invalid_response naming the tool', () => {
    for (const text of ['{"id": ', '[1,2]', 'null', '"text"']) {
      let error: unknown;
      try {
        parseToolArguments('chat-completions:m', 'lookup', text);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(KitAIError);
      expect((error as KitAIError).code).toBe('llm_invalid_response');
      expect((error as KitAIError).message).toMatch(
        /^chat-completions:m: the arguments of the call to tool "lookup" (are not valid JSON|must be a JSON object)/,
      );
    }
  });
});

describe('isCompleteJsonObject', () => {
  it('is true only for a whole JSON object', () => {
    expect(isCompleteJsonObject('{"a":1}')).toBe(true);
    expect(isCompleteJsonObject('{"a":1')).toBe(false);
    expect(isCompleteJsonObject('')).toBe(false);
    expect(isCompleteJsonObject('[1]')).toBe(false);
  });
});
