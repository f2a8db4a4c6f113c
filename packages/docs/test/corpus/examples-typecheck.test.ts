import { describe, expect, it } from 'vitest';
import { importsOf } from './examples-code.js';
import { readExamples } from './examples-files.js';
import { exportedNames, implementedPackages, isTypeCheckable, typeCheckExamples } from './examples-typecheck.js';

const examples = readExamples();
const exportsBySpecifier = new Map([...implementedPackages].map(([specifier, entry]) => [specifier, exportedNames(entry)]));
const checkable = examples.filter((example) => isTypeCheckable(example, exportsBySpecifier));

/** Examples that use an implemented package but a documented name it does not export yet. */
const documentedOnly = examples.filter(
  (example) =>
    !checkable.includes(example) &&
    importsOf(example).some((entry) => {
      const exported = exportsBySpecifier.get(entry.specifier);
      return exported !== undefined && entry.names.some((name) => !exported.has(name));
    }),
);

describe('examples of the packages implemented in this repository', () => {
  it('finds enough examples to compile against kit-core and kit-agent', () => {
    expect(checkable.length).toBeGreaterThanOrEqual(20);
  });

  it('skips type-checking only where the real packages cannot be used', () => {
    // An example is left to the parser and the import check when it uses a package this repository does
    // not implement, or a documented name the implementation does not export (listed in the output).
    const unexplained = examples.filter(
      (example) =>
        example.extension !== '.sh' &&
        !checkable.includes(example) &&
        !documentedOnly.includes(example) &&
        !importsOf(example).some((entry) => entry.specifier.startsWith('@kit/') && !implementedPackages.has(entry.specifier)),
    );
    expect(unexplained.map((example) => example.id)).toEqual([]);
    const unimplemented = documentedOnly.flatMap((example) =>
      importsOf(example).flatMap((entry) => {
        const exported = exportsBySpecifier.get(entry.specifier);
        return exported
          ? entry.names.filter((name) => !exported.has(name)).map((name) => `${example.id} (${entry.specifier} ${name})`)
          : [];
      }),
    );
    console.info(`type-checked ${checkable.length} examples; documented but not implemented here: ${unimplemented.join(', ') || 'none'}`);
  });

  it('type-checks them under strict settings against the real packages', { timeout: 120_000 }, () => {
    const errors = typeCheckExamples(checkable);
    expect(Object.fromEntries(errors)).toEqual({});
  });
});
