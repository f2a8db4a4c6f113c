import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceEntries } from '../test-support/source-entries.js';
import { exportsWithoutExamples, extractExamples, sourceFiles, typeCheckExamples } from './tsdoc-examples.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = [
  'kit-core',
  'kit-ai',
  'kit-auth',
  'kit-db',
  'kit-agent',
  'kit-cron',
  'kit-ops',
  'kit-router',
  'kit-react',
  'kit-dev',
  'kit-cli',
  'create-kit-app',
  'docs-search',
  'docs',
];

describe('TSDoc examples', () => {
  const examples = packages.flatMap((name) => sourceFiles(`${root}packages/${name}/src`).flatMap(extractExamples));

  it('exist', () => {
    expect(examples.length).toBeGreaterThan(20);
  });

  it('type-check against the packages they document', () => {
    expect(typeCheckExamples(examples, root)).toEqual([]);
  }, 120_000);

  // Every entry point, subpaths included (`@kit/kit-core/http`), by the specifier an app imports.
  const entries = [...sourceEntries(root)];

  it.each(entries)(
    'cover every function and class that %s exports',
    (_specifier, entryFile) => {
      // Types and interfaces document their fields; functions and classes need a usage example.
      const missing = exportsWithoutExamples(entryFile);
      expect(missing).toEqual([]);
    },
    120_000,
  );
});
