import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appPackageJson } from './app-package-json.js';

interface Manifest {
  readonly scripts: Record<string, string>;
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
}

const repository = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
};

describe('appPackageJson', () => {
  const blank = JSON.parse(appPackageJson('help-desk', 'blank', '1.2.3')) as Manifest;

  it('gives the app the tools its documentation runs it with: tsc, vitest and tsx for TypeScript scripts', () => {
    // `npx tsx scripts/first-agent.ts` (Getting started) must find tsx in the app, not fetch it.
    for (const tool of ['tsx', 'typescript', 'vitest', '@types/node']) {
      expect(blank.devDependencies[tool], tool).toBe(repository.devDependencies[tool]);
    }
  });

  it('pins the kit packages of each template to the scaffolder version', () => {
    expect(Object.keys(blank.dependencies).filter((name) => name.startsWith('@kit/'))).toEqual([
      '@kit/kit-cli',
      '@kit/kit-core',
      '@kit/kit-db',
      '@kit/kit-ops',
      '@kit/kit-react',
    ]);
    const tickets = JSON.parse(appPackageJson('help-desk', 'tickets', '1.2.3')) as Manifest;
    expect(tickets.dependencies['@kit/kit-auth']).toBe('1.2.3');
    for (const [name, version] of Object.entries(tickets.dependencies)) if (name.startsWith('@kit/')) expect(version, name).toBe('1.2.3');
  });
});

describe('appPackageJson install scripts', () => {
  it('allows the install scripts of the native and binary packages kit uses, as the repository does', () => {
    const manifest = JSON.parse(appPackageJson('help-desk', 'blank', '1.2.3')) as { allowScripts: Record<string, boolean> };
    const repositoryAllowed = (
      JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { allowScripts: Record<string, boolean> }
    ).allowScripts;
    expect(manifest.allowScripts).toEqual({ 'better-sqlite3': true, esbuild: true });
    for (const name of Object.keys(manifest.allowScripts)) expect(repositoryAllowed[name], name).toBe(true);
  });
});
