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
  const entries = Array.from({ length: 15 }, (_, i) => ({
    url: `/docs/a#s${i}`,
    content: `Sentence one of ${i}. ${'word '.repeat(60)}end.`,
  }));
  const url = (entry: { url: string }) => entry.url;
  const shorten = (entry: (typeof entries)[number], tokens: number) => {
    const content = cutMarkdown(entry.content, tokens * 4 - 40);
    return content === undefined ? undefined : { ...entry, content };
  };
  const answerSize = (kept: unknown[], report: unknown) => estimateTokens({ documents: kept, total: kept.length, budget: report });

  it('sends everything and says so when it fits', () => {
    const { kept, report } = fitToBudget(entries, 100_000, { url, next: 'more' });
    expect(kept).toHaveLength(15);
    expect(report).toMatchObject({ complete: true, omitted: [], omittedTotal: 0 });
    expect(report.next).toBeUndefined();
  });

  it('keeps the whole answer, report included, within the budget', () => {
    for (const budget of [100, 150, 300, 700, 1500]) {
      const { kept, report } = fitToBudget(entries, budget, { url, shorten, next: 'ask again', frame: { documents: [], total: 15 } });
      expect(answerSize(kept, report), String(budget)).toBeLessThanOrEqual(budget);
      expect(report.used, String(budget)).toBeGreaterThanOrEqual(answerSize(kept, report));
      expect(report.omittedTotal + kept.length, String(budget)).toBe(15);
      expect(report.omitted.length, String(budget)).toBeLessThanOrEqual(10);
    }
  });

  it('cuts the first entry that does not fit at a sentence and lists the rest', () => {
    const cuts = Array.from({ length: 30 }, (_, i) => 300 + i * 10).flatMap((budget) => {
      const { kept, report } = fitToBudget(entries, budget, { url, shorten, next: 'ask again' });
      return report.cut === undefined ? [] : [{ kept, report }];
    });
    expect(cuts.length).toBeGreaterThan(0);
    for (const { kept, report } of cuts) {
      const last = kept.at(-1)!;
      expect(last.content).toBe(`Sentence one of ${kept.length - 1}.`);
      expect(report).toMatchObject({ complete: false, cut: last.url, next: 'ask again' });
      expect(report.omitted[0]).toBe(`/docs/a#s${kept.length}`);
    }
  });

  it('leaves entries out whole when they cannot be shortened', () => {
    const { kept, report } = fitToBudget(entries, 100, { url, next: 'n' });
    expect(kept).toHaveLength(0);
    expect(report.omittedTotal).toBe(15);
    expect(report.cut).toBeUndefined();
  });
});
