import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import type { EsbuildApi } from './esbuild.js';
import { tsconfigRaw } from './esbuild.js';

/** Where the dev server serves the shared packages. */
export const vendorUrlPrefix = '/_kit/vendor/';

/**
 * Packages the dev server bundles once, apart from the app: React and kit's shell. Every rebuild of
 * the app then imports the same module instances by the same URLs, so a hot update can never load a
 * second copy of React beside the one that owns the page (which would break every hook).
 * CommonJS packages list the names they export; ES modules re-export theirs.
 */
const vendorModules: readonly { readonly specifier: string; readonly commonjs: boolean }[] = [
  { specifier: 'react', commonjs: true },
  { specifier: 'react/jsx-runtime', commonjs: true },
  { specifier: 'react/jsx-dev-runtime', commonjs: true },
  { specifier: 'react-dom', commonjs: true },
  { specifier: 'react-dom/client', commonjs: true },
  { specifier: '@kit/kit-react', commonjs: false },
  { specifier: '@kit/kit-react/client', commonjs: false },
];

function vendorName(specifier: string): string {
  return specifier.replace(/^@/, '').replace(/[^\w-]/g, '_');
}

/** The URL of a shared package's module. */
export function vendorUrl(specifier: string): string {
  return `${vendorUrlPrefix}${vendorName(specifier)}.js`;
}

/** In the app's browser build: imports of the shared packages stay imports, of their vendor URLs. */
export function vendorExternalsPlugin(): Plugin {
  const specifiers = new Set(vendorModules.map((module) => module.specifier));
  return {
    name: 'kit-vendor-externals',
    setup(build) {
      build.onResolve({ filter: /^(react|react-dom|@kit\/kit-react)(\/.*)?$/ }, (args) =>
        specifiers.has(args.path) ? { path: vendorUrl(args.path), external: true } : undefined,
      );
    },
  };
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** The generated module that re-exports one shared package with static names the browser can import. */
function wrapperSource(root: string, specifier: string, commonjs: boolean): string {
  const quoted = JSON.stringify(specifier);
  if (!commonjs) return `export * from ${quoted};\n`;
  const names = Object.keys(createRequire(join(root, 'package.json'))(specifier) as object).filter(
    (name) => name !== 'default' && identifier.test(name),
  );
  return `import * as module from ${quoted};\nconst value = module.default ?? module;\nexport default value;\nexport const { ${names.join(', ')} } = value;\n`;
}

/** One bundled file of the vendor build: its URL path (under `/_kit/vendor/`) and its bytes. */
export interface BundledFile {
  readonly path: string;
  readonly contents: Uint8Array;
}

/** Bundles the shared packages for the browser, in development mode, into memory. */
export async function buildVendor(esbuild: EsbuildApi, root: string, conditions: readonly string[]): Promise<BundledFile[]> {
  const sources = Object.fromEntries(
    vendorModules.map(({ specifier, commonjs }) => [vendorName(specifier), wrapperSource(root, specifier, commonjs)]),
  );
  const outdir = join(root, '.kit', 'vendor');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.keys(sources).map((name) => [name, `kit-vendor:${name}`])),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir,
    write: false,
    sourcemap: 'linked',
    conditions: [...conditions],
    define: { 'process.env.NODE_ENV': '"development"' },
    jsx: 'automatic',
    jsxDev: true,
    tsconfigRaw,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'silent',
    plugins: [
      {
        name: 'kit-vendor-wrappers',
        setup(build) {
          build.onResolve({ filter: /^kit-vendor:/ }, (args) => ({ path: args.path.slice('kit-vendor:'.length), namespace: 'kit-vendor' }));
          build.onLoad({ filter: /.*/, namespace: 'kit-vendor' }, (args) => ({
            contents: sources[args.path] ?? '',
            loader: 'js',
            resolveDir: root,
          }));
        },
      },
    ],
  });
  return result.outputFiles.map((file) => ({
    path: file.path
      .slice(outdir.length + 1)
      .split('\\')
      .join('/'),
    contents: file.contents,
  }));
}
