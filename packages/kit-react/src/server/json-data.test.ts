import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitReactError } from '../errors/kit-react-error.js';
import { toJsonData } from './json-data.js';

describe('toJsonData', () => {
  it('keeps JSON, turns a missing result into null and drops undefined properties', () => {
    expect(toJsonData({ a: [1, 'two', true, null, { b: -0.5 }], c: undefined }, 'a.page.tsx')).toEqual({
      a: [1, 'two', true, null, { b: -0.5 }],
    });
    expect(toJsonData(undefined, 'a.page.tsx')).toBeNull();
    expect(toJsonData(Object.assign(Object.create(null) as object, { x: 1 }), 'a.page.tsx')).toEqual({ x: 1 });
  });

  it.each([
    [{ when: new Date(0) }, 'data.when is a Date (convert it with toISOString())'],
    [{ list: [1, undefined] }, 'data.list[1] is undefined'],
    [{ n: Number.NaN }, 'data.n is the number NaN'],
    [{ big: 1n }, 'data.big is a bigint'],
    [{ tags: new Set(['a']) }, 'data.tags is a Set (convert it to an array or object)'],
    [{ run: () => 1 }, 'data.run is a function'],
    [new (class Ticket {})(), 'data is a Ticket'],
  ])('refuses %o, naming the path', (value, problem) => {
    const error = thrownBy(() => toJsonData(value, 'The loader of tickets/[id].page.tsx'), KitReactError);
    expect(error.code).toBe('loader_data_not_json');
    expect(error.message).toBe(
      `The loader of tickets/[id].page.tsx returned data that is not JSON: ${problem}. Return strings, finite numbers, booleans, null, arrays and plain objects only.`,
    );
  });

  it('refuses cycles but accepts a value shared twice', () => {
    const shared = { x: 1 };
    expect(toJsonData({ a: shared, b: shared }, 'p.page.tsx')).toEqual({ a: { x: 1 }, b: { x: 1 } });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(thrownBy(() => toJsonData(cyclic, 'p.page.tsx'), KitReactError).message).toContain('data.self refers back to itself');
  });

  it('accepts data deeper than the quick check goes, and arrays with holes (left out as JSON does)', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 300; level++) deep = { next: deep };
    expect(toJsonData(deep, 'p.page.tsx')).toBe(deep);
    const holes = [1, , 3];
    expect(toJsonData(holes, 'p.page.tsx')).toBe(holes);
    const cyclic: unknown[] = [];
    cyclic.push({ back: cyclic });
    expect(thrownBy(() => toJsonData({ list: cyclic }, 'p.page.tsx'), KitReactError).message).toContain(
      'data.list[0].back refers back to itself',
    );
  });
});
