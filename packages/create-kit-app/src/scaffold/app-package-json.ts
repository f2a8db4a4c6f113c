import type { TemplateName } from './templates.js';

// Versions of the libraries an app uses beside kit, the ones kit is built and tested with. tsx runs the
// app's TypeScript scripts (`npx tsx scripts/seed.ts`) without a build; kit-cli depends on it already.
const libraries = { react: '^19.3.1', 'react-dom': '^19.3.1', zod: '^4.6.7' } as const;
const devLibraries = {
  '@types/node': '^20.19.43',
  '@types/react': '^19.3.0',
  '@types/react-dom': '^19.3.0',
  tsx: '^4.23.15',
  typescript: '^5.9.3',
  vitest: '^4.1.12',
} as const;

// Packages whose install scripts an app needs: better-sqlite3 builds its native addon (kit-db's SQLite),
// esbuild places its binary (kit-dev). npm runs install scripts that `allowScripts` lists without a warning.
const installScripts = { 'better-sqlite3': true, esbuild: true } as const;

/**
 * The kit packages of each template; all are pinned to the scaffolder's own version. Both record their
 * requests in the ops store with @kit/kit-ops (kit.config.ts), which the `kit ops:*` commands read.
 */
const kitPackages: Record<TemplateName, readonly string[]> = {
  blank: ['@kit/kit-cli', '@kit/kit-core', '@kit/kit-db', '@kit/kit-ops', '@kit/kit-react'],
  tickets: [
    '@kit/kit-agent',
    '@kit/kit-ai',
    '@kit/kit-auth',
    '@kit/kit-cli',
    '@kit/kit-core',
    '@kit/kit-db',
    '@kit/kit-ops',
    '@kit/kit-react',
  ],
};

/**
 * The app's package.json: ESM, the kit commands as scripts, kit packages pinned to `kitVersion` (kit's
 * packages are released together, so one version keeps them compatible), `@kit/kit-cli` a dependency
 * because the production image runs `kit start` after pruning devDependencies.
 */
export function appPackageJson(name: string, template: TemplateName, kitVersion: string): string {
  const dependencies: Record<string, string> = {};
  for (const kitPackage of kitPackages[template]) dependencies[kitPackage] = kitVersion;
  Object.assign(dependencies, libraries);
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node: '>=20.19' },
    scripts: {
      dev: 'kit dev',
      build: 'kit build',
      start: 'kit start',
      verify: 'kit verify',
      test: 'vitest run',
      'db:migrate': 'kit db:migrate',
      'db:push': 'kit db:push',
      'db:status': 'kit db:status',
    },
    dependencies: sorted(dependencies),
    devDependencies: { ...devLibraries },
    allowScripts: { ...installScripts },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function sorted(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
