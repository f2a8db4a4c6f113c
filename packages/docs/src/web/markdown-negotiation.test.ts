import { describe, expect, it } from 'vitest';
import { prefersMarkdown } from './markdown-negotiation.js';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/x-markdown', true],
    ['text/markdown, text/plain;q=0.9, */*;q=0.8', true],
    ['text/markdown;q=0.9, text/html', false],
    ['text/html, text/markdown', false],
    ['text/markdown, text/html', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['*/*', false],
    ['text/*', false],
    ['text/markdown;q=0', false],
    ['text/html;q=0.5, text/markdown;q=0.8', true],
    ['garbage', false],
  ])('%s -> %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it('serves HTML when there is no Accept header', () => {
    expect(prefersMarkdown(null)).toBe(false);
  });
});
