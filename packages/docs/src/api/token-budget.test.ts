import { describe, expect, it } from 'vitest';
import { cutMarkdown, estimateTokens, fitToBudget } from './token-budget.js';

describe('cutMarkdown', () => {
  it('keeps whole blocks while they fit', () => {
    expect(cutMarkdown('First block.\n\nSecond block.', 100)).toBe('First block.\n\nSecond block.');
    expect(cutMarkdown('First block.\n\nSecond block is longer.', 20)).toBe('First block.');
  });

  it('cuts a paragraph at the end of a sentence', () => {
    expect(cutMarkdown('One sentence. Two sentences! Three?', 30)).toBe('One sentence. Two sentences!');
  });

  it('never cuts a code block in two', () => {
    const markdown = 'Intro.\n\n```ts\nconst a = 1;\nconst b = 2;\n```\n\nAfter.';
    expect(cutMarkdown(markdown, 20)).toBe('Intro.');
    expect(cutMarkdown(markdown, 45)).toBe('Intro.\n\n```ts\nconst a = 1;\nconst b = 2;\n```');
  });

  it('keeps blank lines inside a fence as part of the block', () => {
    const markdown = '```\na\n\nb\n```\n\nTail text here.';
    expect(cutMarkdown(markdown, 14)).toBe('```\na\n\nb\n```');
  });

  it('gives undefined when not one sentence fits', () => {
    expect(cutMarkdown('A rather long first sentence.', 5)).toBeUndefined();
  });
});

describe('fitToBudget', () => {
  const entries = Array.from({ length: 5 }, (_, i) => ({
    url: `/docs/a#s${i}`,
    content: `Sentence one of ${i}. ${'word '.repeat(60)}end.`,
  }));
  const url = (entry: { url: string }) => entry.url;

  it('sends everything and says so when it fits', () => {
    const { kept, report } = fitToBudget(entries, 10_000, { url, next: 'more' });
    expect(kept).toHaveLength(5);
    expect(report).toEqual({ tokens: 10_000, used: report.used, complete: true, omitted: [] });
    expect(report.used).toBe(entries.reduce((sum, entry) => sum + estimateTokens(entry) + 1, 0));
  });

  it('keeps the leading entries, cuts the next and lists the rest, within the budget', () => {
    const size = estimateTokens(entries[0]) + 1;
    const budget = size * 2 + 60;
    const { kept, report } = fitToBudget(entries, budget, {
      url,
      shorten: (entry, tokens) => {
        const content = cutMarkdown(entry.content, tokens * 4 - 40);
        return content === undefined ? undefined : { ...entry, content };
      },
      next: 'ask again',
    });
    expect(kept).toHaveLength(3);
    expect(kept[2]!.content).toBe('Sentence one of 2.');
    expect(report.used).toBeLessThanOrEqual(budget);
    expect(report).toMatchObject({ complete: false, cut: '/docs/a#s2', omitted: ['/docs/a#s3', '/docs/a#s4'], next: 'ask again' });
  });

  it('leaves an entry out whole when it cannot be shortened', () => {
    const { kept, report } = fitToBudget(entries, 50, { url, next: 'n' });
    expect(kept).toHaveLength(0);
    expect(report.omitted).toHaveLength(5);
    expect(report.cut).toBeUndefined();
  });
});
