import { isKitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { blockText, toolResultValue } from './content.js';

describe('toolResultValue', () => {
  it('prefers structuredContent over the text', () => {
    expect(toolResultValue({ structuredContent: { n: 1 }, content: [{ type: 'text', text: 'other' }] }, 'c', 't')).toEqual({ n: 1 });
  });

  it('parses text that is JSON, joins several text blocks, and keeps other text as it is', () => {
    expect(toolResultValue({ content: [{ type: 'text', text: '[1,2]' }] }, 'c', 't')).toEqual([1, 2]);
    expect(
      toolResultValue(
        {
          content: [
            { type: 'text', text: '{"a":' },
            { type: 'text', text: '1}' },
          ],
        },
        'c',
        't',
      ),
    ).toEqual({ a: 1 });
    expect(
      toolResultValue(
        {
          content: [
            { type: 'text', text: 'line one' },
            { type: 'text', text: 'line two' },
          ],
        },
        'c',
        't',
      ),
    ).toBe('line one\nline two');
    expect(toolResultValue({ content: [] }, 'c', 't')).toBe('');
  });

  it('turns isError into tool_failed with the text, cut at 2,000 characters', () => {
    const long = 'x'.repeat(2_500);
    try {
      toolResultValue({ isError: true, content: [{ type: 'text', text: long }] }, 'mcp-client "s"', 'search');
      throw new Error('expected a throw');
    } catch (error) {
      expect(isKitAIError(error, 'tool_failed')).toBe(true);
      expect((error as Error).message).toBe(`mcp-client "s": tool "search" reported an error: ${'x'.repeat(2_000)}…`);
    }
    expect(() => toolResultValue({ isError: true }, 'c', 't')).toThrow('c: tool "t" reported an error: (the server gave no details)');
    expect(() => toolResultValue({ isError: true, structuredContent: { code: 7 } }, 'c', 't')).toThrow(
      'c: tool "t" reported an error: {"code":7}',
    );
  });
});

describe('blockText', () => {
  it('describes every kind of block', () => {
    expect(blockText({ type: 'text', text: 'hi' })).toBe('hi');
    expect(blockText({ type: 'image', data: 'AA==', mimeType: 'image/png' })).toBe('[image image/png]');
    expect(blockText({ type: 'audio', data: 'AA==', mimeType: 'audio/wav' })).toBe('[audio audio/wav]');
    expect(blockText({ type: 'resource_link', uri: 'file:///a.txt', name: 'a' })).toBe('[resource file:///a.txt]');
    expect(blockText({ type: 'resource', resource: { uri: 'file:///a.txt', text: 'body' } })).toBe('body');
    expect(blockText({ type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AA==', mimeType: 'application/octet-stream' } })).toBe(
      '[resource file:///a.bin application/octet-stream]',
    );
  });
});
