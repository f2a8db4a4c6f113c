import type * as Esbuild from 'esbuild';

/** The esbuild API, loaded on first use: the production server never needs it. */
export type EsbuildApi = typeof Esbuild;

let esbuild: Promise<EsbuildApi> | undefined;

/** Loads `esbuild` once, lazily. */
export function loadEsbuild(): Promise<EsbuildApi> {
  esbuild ??= import('esbuild').then((module) => ((module as unknown as { default?: EsbuildApi }).default ?? module) as EsbuildApi);
  return esbuild;
}

/**
 * The TypeScript settings of every bundle, whatever the app's own tsconfig says: imports left unused once
 * ServerOnly children and loaders are removed must be dropped (TypeScript's import elision), which
 * `verbatimModuleSyntax` would forbid; JSX uses React's automatic runtime.
 */
export const tsconfigRaw = {
  compilerOptions: { verbatimModuleSyntax: false, preserveValueImports: false, jsx: 'react-jsx', useDefineForClassFields: true },
} as const;

/** Files referenced from CSS or imported from code that become files of their own, served by URL. */
export const assetLoaders: Record<string, Esbuild.Loader> = {
  '.png': 'file',
  '.jpg': 'file',
  '.jpeg': 'file',
  '.gif': 'file',
  '.webp': 'file',
  '.avif': 'file',
  '.svg': 'file',
  '.ico': 'file',
  '.woff': 'file',
  '.woff2': 'file',
  '.ttf': 'file',
  '.otf': 'file',
  '.css': 'css',
};

/** Where the browser finds the bundled files: URLs under this prefix map to the client output folder. */
export const clientUrlPrefix = '/_kit/client/';

/** esbuild names outputs by the entry key: route files keep their path, with characters URLs dislike replaced. */
export function entryKey(relativeFile: string): string {
  const withoutExtension = relativeFile.replace(/\.[^./]+$/, '');
  return `routes/${withoutExtension.replace(/[^\w./-]/g, '_')}`;
}
