import { describe, expect, it } from 'vitest';
import { LoadedToolSet } from './loaded-tool-set.js';

describe('LoadedToolSet', () => {
  it('follows a list that grows, and is rebuilt only when its length changes', () => {
    const loaded = new LoadedToolSet();
    const names = ['a'];
    loaded.sync(names);
    const first = loaded.current;
    expect([...first]).toEqual(['a']);
    loaded.sync(names);
    expect(loaded.current).toBe(first);
    names.push('b');
    loaded.sync(names);
    expect([...loaded.current]).toEqual(['a', 'b']);
  });

  it('keeps its names for a list of the same length with other names', () => {
    const loaded = new LoadedToolSet();
    loaded.sync(['a']);
    loaded.sync(['b']);
    expect([...loaded.current]).toEqual(['a']);
  });
});
