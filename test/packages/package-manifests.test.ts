import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationImports, runtimeImports } from '../../scripts/release/imported-packages.js';
import { publishablePackages, workspacePackages, type ExportConditions } from '../../scripts/release/workspace-packages.js';

// What every package released to a registry must have so that it installs and works outside this
// repository. The built files are checked too: `npm test` builds before it runs the suite.
const packages = publishablePackages();
const declared = (pkg: (typeof packages)[number]) =>
  new Set([
    ...Object.keys(pkg.manifest.dependencies ?? {}),
    ...Object.keys(pkg.manifest.peerDependencies ?? {}),
    ...Object.keys(pkg.manifest.optionalDependencies ?? {}),
  ]);

/** Every condition map of an `exports` field, nested ones (`browser: { types, default }`) included, with where it is. */
function exportTargets(exports: ExportConditions, at = ''): Array<[string, ExportConditions]> {
  const own: Array<[string, ExportConditions]> = [[at || '.', exports]];
  const nested = Object.entries(exports).flatMap(([key, value]) =>
    typeof value === 'object' ? exportTargets(value, at ? `${at} ${key}` : key) : [],
  );
  return Object.values(exports).some((value) => typeof value === 'string') ? [...own, ...nested] : nested;
}

describe('publishable packages', () => {
  it('are every package but the docs service', () => {
    const privateOnes = workspacePackages().filter((pkg) => pkg.manifest.private === true);
    expect(privateOnes.map((pkg) => pkg.manifest.name)).toEqual(['@kit/docs']);
    expect(packages.length).toBe(13);
  });

  it('move in lockstep: one version, and kit packages depend on exactly that version', () => {
    const version = packages[0]!.manifest.version;
    for (const pkg of workspacePackages()) {
      expect(pkg.manifest.version, pkg.manifest.name).toBe(version);
      for (const [name, range] of Object.entries({ ...pkg.manifest.dependencies, ...pkg.manifest.devDependencies })) {
        if (name.startsWith('@kit/') || name === 'create-kit-app') expect(range, `${pkg.manifest.name} → ${name}`).toBe(version);
      }
    }
  });

  for (const pkg of packages) {
    describe(pkg.manifest.name, () => {
      const { manifest } = pkg;

      it('has the metadata a registry page and a user need', () => {
        expect(manifest.description?.length ?? 0).toBeGreaterThan(20);
        expect(manifest.license).toBe('MIT');
        expect(existsSync(join(pkg.dir, 'LICENSE'))).toBe(true);
        expect(existsSync(join(pkg.dir, 'README.md'))).toBe(true);
        expect(manifest.keywords?.length ?? 0).toBeGreaterThan(2);
        expect(manifest.repository).toMatchObject({ type: 'git', directory: `packages/${pkg.folder}` });
        expect(manifest.engines?.node).toBe('>=20.19');
        expect(manifest.files).toEqual(expect.arrayContaining(['dist']));
      });

      it('publishes a manifest without the source condition', () => {
        expect(manifest.scripts?.prepack).toBe('node ../../scripts/release/publish-manifest.mjs prepack');
        expect(manifest.scripts?.postpack).toBe('node ../../scripts/release/publish-manifest.mjs postpack');
      });

      it('gives every export its types first and its built file last, all present after the build', () => {
        for (const [subpath, target] of exportTargets(manifest.exports ?? {})) {
          const conditions = Object.keys(target).filter((condition) => condition !== 'kit-source');
          expect(conditions.filter((condition) => typeof target[condition] === 'string')[0], subpath).toBe('types');
          expect(conditions.at(-1), subpath).toBe('default');
          for (const condition of conditions) {
            const file = target[condition];
            if (typeof file === 'string') expect(existsSync(join(pkg.dir, file)), `${subpath} ${condition}`).toBe(true);
          }
        }
      });

      it('ships bin files that start with a shebang and are in `files`', () => {
        for (const [command, file] of Object.entries(manifest.bin ?? {})) {
          const text = readFileSync(join(pkg.dir, file), 'utf8');
          expect(text.startsWith('#!/usr/bin/env node\n'), command).toBe(true);
          expect(manifest.files, command).toContain(file.replace(/^\.\//, '').split('/')[0]);
        }
      });

      it('declares every package its built code loads', () => {
        const missing = [...runtimeImports(join(pkg.dir, 'dist'))].filter(([name]) => !declared(pkg).has(name));
        expect(missing.map(([name, file]) => `${name} (loaded by ${file})`)).toEqual([]);
      });

      it('declares every package its public types refer to', () => {
        const entries = exportTargets(manifest.exports ?? {}).map(([, target]) => join(pkg.dir, String(target.types)));
        const missing = [...declarationImports(entries)].filter(([name]) => !declared(pkg).has(name));
        expect(missing.map(([name, file]) => `${name} (referred to by ${file})`)).toEqual([]);
      });
    });
  }
});
