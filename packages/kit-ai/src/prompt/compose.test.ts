import { describe, expect, it } from 'vitest';
import { composeLayers, composePrompt } from './compose.js';
import type { PromptContext, PromptLayer } from './types.js';

const context: PromptContext = { goal: 'g', iteration: 1, toolNames: [], activeSkills: [] };

describe('composeLayers', () => {
  it('puts prepend layers before the base and append layers after it', () => {
    const layers: PromptLayer[] = [
      { id: 'a', content: 'AFTER', position: 'append' },
      { id: 'p', content: 'BEFORE', position: 'prepend' },
    ];
    expect(composeLayers('BASE', layers)).toBe('BEFORE\n\nBASE\n\nAFTER');
  });

  it('orders each group by descending priority, then declaration order', () => {
    const layers: PromptLayer[] = [
      { id: '1', content: 'one', position: 'append' },
      { id: '2', content: 'two', position: 'append', priority: 5 },
      { id: '3', content: 'three', position: 'append' },
      { id: '4', content: 'four', position: 'prepend', priority: -1 },
      { id: '5', content: 'five', position: 'prepend' },
    ];
    expect(composeLayers('B', layers).split('\n\n')).toEqual(['five', 'four', 'B', 'two', 'one', 'three']);
  });

  it('replaces the base with the highest-priority replace_base layer, the first declared on a tie', () => {
    const layers: PromptLayer[] = [
      { id: 'r1', content: 'first', position: 'replace_base', priority: 1 },
      { id: 'r2', content: 'second', position: 'replace_base', priority: 3 },
      { id: 'r3', content: 'third', position: 'replace_base', priority: 3 },
    ];
    expect(composeLayers('base', layers)).toBe('second');
  });

  it('leaves out empty parts', () => {
    expect(
      composeLayers(undefined, [
        { id: 'x', content: '  ', position: 'append' },
        { id: 'y', content: 'Y', position: 'append' },
      ]),
    ).toBe('Y');
  });
});

describe('composePrompt', () => {
  it('recomputes dynamic layers from the context on every call', () => {
    const seen: PromptContext[] = [];
    const config = {
      base: 'Base',
      layers: [{ id: 's', content: 'Static', position: 'append' as const }],
      dynamicLayers: (ctx: PromptContext): PromptLayer[] => {
        seen.push(ctx);
        return [{ id: 'd', content: `Iteration ${ctx.iteration}`, position: 'append' }];
      },
    };
    expect(composePrompt(config, context)).toBe('Base\n\nStatic\n\nIteration 1');
    expect(composePrompt(config, { ...context, iteration: 2 })).toBe('Base\n\nStatic\n\nIteration 2');
    expect(seen.map((ctx) => ctx.iteration)).toEqual([1, 2]);
  });

  it('places extra layers between static and dynamic ones on equal priority', () => {
    const config = {
      layers: [{ id: 's', content: 'S', position: 'append' as const }],
      dynamicLayers: (): PromptLayer[] => [{ id: 'd', content: 'D', position: 'append' }],
    };
    expect(composePrompt(config, context, [{ id: 'e', content: 'E', position: 'append' }])).toBe('S\n\nE\n\nD');
  });

  it('is empty without a configuration', () => {
    expect(composePrompt(undefined, context)).toBe('');
  });
});
