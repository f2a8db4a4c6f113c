/**
 * No import circles in any package, type imports included: a circle of types still ties two layers
 * together, so the folders of a package could no longer be read from the bottom up. The linter's cycle
 * rules skip type-only imports, so dpdm, which counts them, checks the source of every package.
 */
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('imports', () => {
  it('form no circle in the source of any package', async () => {
    const tree = await parseDependencyTree(['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx'], {
      cwd: root,
      context: root,
      // Tests and built files are not part of a package's layers.
      exclude: /node_modules|\/dist\/|\.test\.tsx?$|\/testing\/fixture\//,
      transform: false,
      skipDynamicImports: false,
    });
    const circles = parseCircular(tree).map((circle) => circle.join(' -> '));
    expect(circles).toEqual([]);
  }, 120_000);
});
