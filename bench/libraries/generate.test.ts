import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../packages/docs/src/content/index.js';
import { generateLibraries } from './generate.js';
import { sampleQueries } from './queries.js';

const root = mkdtempSync(join(tmpdir(), 'kit-generate-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('generateLibraries', () => {
  it('writes 20 libraries × 3 versions quickly, the same files for the same options', () => {
    const started = performance.now();
    const first = generateLibraries(join(root, 'a'));
    expect(performance.now() - started).toBeLessThan(5_000);
    const second = generateLibraries(join(root, 'b'));
    expect(first).toHaveLength(20);
    expect(first.every((library) => library.versions.map((version) => version.version).join() === '1.0.0,2.0.0,3.0.0')).toBe(true);
    expect(new Set(first.map((library) => library.id)).size).toBe(20);
    expect(second.map((library) => [library.id, library.vocabulary])).toEqual(first.map((library) => [library.id, library.vocabulary]));
    const version = first[3]!.versions[1]!.directory;
    const again = join(root, 'b', first[3]!.id, '2.0.0');
    for (const name of readdirSync(version))
      expect(readFileSync(join(again, name), 'utf8')).toBe(readFileSync(join(version, name), 'utf8'));
  });

  it('gives folders the docs loader accepts, each library with words no other one uses', async () => {
    const [one, two] = generateLibraries(join(root, 'c'), { libraries: 2 });
    const content = await loadContent(one!.versions[2]!.directory);
    expect(content.site.title).toBe(one!.title);
    expect(content.documents).toHaveLength(5);
    expect(content.sections.some((section) => section.text.includes(one!.vocabulary[0]!))).toBe(true);
    expect(one!.vocabulary.some((word) => two!.vocabulary.includes(word))).toBe(false);
    expect(sampleQueries(content.sections, 6)).toHaveLength(6);
  });
});
