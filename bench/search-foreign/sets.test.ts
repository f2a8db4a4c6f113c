import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DOC_SETS, folderOf } from './sets.js';

describe('DOC_SETS', () => {
  it('has three generators with 30 or more judged questions each, none twice', () => {
    expect(new Set(DOC_SETS.map((set) => set.generator)).size).toBe(3);
    for (const set of DOC_SETS) {
      expect(set.queries.length).toBeGreaterThanOrEqual(30);
      const all = [...set.queries, ...set.lateQueries, ...set.freshQueries].map((query) => query.q);
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('names every expected page as a slug, the form the loaders give section ids', () => {
    for (const set of DOC_SETS) {
      for (const query of [...set.queries, ...set.lateQueries, ...set.freshQueries]) {
        for (const expected of [query, ...(query.also ?? [])]) expect(expected.page).toMatch(/^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/u);
      }
    }
  });
});

describe('folderOf', () => {
  const root = mkdtempSync(join(tmpdir(), 'foreign-sets-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const hono = DOC_SETS.find((set) => set.name === 'hono')!;

  it('takes the folder from an argument before the environment', () => {
    expect(folderOf(hono, [`--hono=${root}`], { FOREIGN_HONO_DOCS: '/nowhere' })).toEqual({ path: root });
    expect(folderOf(hono, [], { FOREIGN_HONO_DOCS: root })).toEqual({ path: root });
  });

  it('names the set, the path and the fix when the folder is missing', () => {
    const result = folderOf(hono, ['--hono=/nowhere/docs'], {});
    expect(result).toEqual({ missing: expect.stringContaining('hono: no docs folder at /nowhere/docs') });
    expect('missing' in result && result.missing).toContain('--hono=DIR or FOREIGN_HONO_DOCS=DIR');
  });
});
