import { describe, expect, it } from 'vitest';
import { formatCallsAsText, parseToolCalls } from './parse-calls.js';

describe('parseToolCalls', () => {
  it('reads one call given as the whole reply', () => {
    expect(parseToolCalls(' {"tool": "lookup_order", "arguments": {"id": "A1"}} ')).toEqual([
      { name: 'lookup_order', arguments: { id: 'A1' } },
    ]);
  });

  it('reads an array of calls, keeping ids and defaulting missing arguments', () => {
    expect(parseToolCalls('[{"tool":"a","id":"c1"},{"tool":"b","arguments":{"x":1}}]')).toEqual([
      { id: 'c1', name: 'a', arguments: {} },
      { name: 'b', arguments: { x: 1 } },
    ]);
  });

  it('reads calls inside a fenced json block surrounded by prose', () => {
    const reply = 'I will look it up.\n```json\n{"tool": "search", "arguments": {"q": "refunds"}}\n```\nOne moment.';
    expect(parseToolCalls(reply)).toEqual([{ name: 'search', arguments: { q: 'refunds' } }]);
  });

  it('takes the first fenced block that holds calls', () => {
    const reply = 'Data:\n```json\n{"total": 3}\n```\nNow:\n```json\n{"tool": "next"}\n```';
    expect(parseToolCalls(reply)).toEqual([{ name: 'next', arguments: {} }]);
  });

  it('accepts arguments encoded as a JSON string', () => {
    expect(parseToolCalls('{"tool":"a","arguments":"{\\"n\\":2}"}')).toEqual([{ name: 'a', arguments: { n: 2 } }]);
  });

  it('finds no call in prose, in plain JSON data, or in malformed calls', () => {
    expect(parseToolCalls('The order shipped on Monday.')).toEqual([]);
    expect(parseToolCalls('{"status": "shipped"}')).toEqual([]);
    expect(parseToolCalls('{"tool": "a", "arguments": [1, 2]}')).toEqual([]);
    expect(parseToolCalls('[{"tool": "a"}, {"nope": true}]')).toEqual([]);
    expect(parseToolCalls('[]')).toEqual([]);
    expect(parseToolCalls('{"tool": "a", ')).toEqual([]);
    expect(parseToolCalls('```\n{"tool": "a"}\n```')).toEqual([]);
  });
});

describe('formatCallsAsText', () => {
  it('writes one call as an object and several as an array, readable by parseToolCalls', () => {
    const one = [{ id: 'c1', name: 'a', arguments: { x: 1 } }];
    expect(formatCallsAsText(one)).toBe('{"id":"c1","tool":"a","arguments":{"x":1}}');
    const two = [...one, { name: 'b', arguments: {} }];
    expect(parseToolCalls(formatCallsAsText(two))).toEqual(two);
  });

  it('puts the calls in a fenced block after the text the model wrote', () => {
    const text = formatCallsAsText([{ name: 'a', arguments: {} }], 'Checking.');
    expect(text).toBe('Checking.\n\n```json\n{"tool":"a","arguments":{}}\n```');
    expect(parseToolCalls(text)).toEqual([{ name: 'a', arguments: {} }]);
  });
});
