import { pathToFileURL } from 'node:url';
import { createKitApp, type KitConfig } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { importsOf } from './examples-code.js';
import { readExamples } from './examples-files.js';
import { exportedNames, implementedPackages, isTypeCheckable } from './examples-typecheck.js';

// Examples that are vitest files and use only the packages implemented here are run, not just
// compiled: importing one registers its describe/it blocks in this file, against the real kit-core
// and kit-agent, so a reader who pastes it gets a passing test.
const exportsBySpecifier = new Map([...implementedPackages].map(([specifier, entry]) => [specifier, exportedNames(entry)]));
const examples = readExamples();
const runnable = examples.filter(
  (example) => isTypeCheckable(example, exportsBySpecifier) && importsOf(example).some((entry) => entry.specifier === 'vitest'),
);

// The other compiled examples are loaded too, except those that start a server or take over stdio.
// A configuration they export must build an app: createKitApp rejects a route that names a policy the
// configuration lacks, or two routes on one method and path.
const loadable = examples.filter(
  (example) =>
    isTypeCheckable(example, exportsBySpecifier) &&
    !runnable.includes(example) &&
    !/\.listen\(|connectStdio\(/.test(example.text),
);

function isKitConfig(value: unknown): value is KitConfig {
  return typeof value === 'object' && value !== null && 'routes' in value && typeof value.routes === 'object';
}

describe('loadable examples', () => {
  it.each(loadable.map((example) => [example.id, example] as const))('%s loads, and a configuration it exports builds an app', async (_id, example) => {
    const module = (await import(pathToFileURL(example.path).href)) as Record<string, unknown>;
    for (const value of Object.values(module).filter(isKitConfig)) {
      expect(() => createKitApp(value)).not.toThrow();
    }
  });
});

describe('runnable test examples', () => {
  it('includes the route, policy and MCP test examples', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(3);
  });
});

for (const example of runnable) {
  await import(pathToFileURL(example.path).href);
}
