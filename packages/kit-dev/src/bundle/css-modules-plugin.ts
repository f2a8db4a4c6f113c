import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import type { Plugin } from 'esbuild';

const namespace = 'kit-css-module';

/**
 * CSS modules whose class names depend only on the file: esbuild names a local class after the file's
 * base name and renames it when two files of one build clash, so the server build and the browser build
 * (which see different sets of files) could disagree. Each `*.module.css` is loaded under a virtual name
 * that carries a hash of its path (`card-3f2c1d.module.css`), which makes the names (`card_3f2c1d_title`)
 * unique and equal in every build.
 */
export function cssModulesPlugin(root: string): Plugin {
  return {
    name: 'kit-css-modules',
    setup(build) {
      build.onResolve({ filter: /\.module\.css$/ }, async (args) => {
        if (args.namespace === namespace || args.pluginData === namespace) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: namespace,
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const file = resolved.path;
        const hash = createHash('sha256').update(relative(root, file)).digest('hex').slice(0, 6);
        const virtual = join(dirname(file), `${basename(file, '.module.css')}-${hash}.module.css`);
        return { path: virtual, namespace, pluginData: file };
      });
      build.onLoad({ filter: /.*/, namespace }, async (args) => {
        const file = args.pluginData as string;
        return { contents: await readFile(file, 'utf8'), loader: 'local-css', resolveDir: dirname(file), watchFiles: [file] };
      });
    },
  };
}

/** The file a metafile input stands for: CSS modules are listed under their virtual name. */
export function realInput(input: string): string | null {
  if (input.startsWith(`${namespace}:`)) {
    const virtual = input.slice(namespace.length + 1);
    return virtual.replace(/-[0-9a-f]{6}\.module\.css$/, '.module.css');
  }
  return input.includes(':') && !/^[A-Za-z]:[\\/]/.test(input) ? null : input;
}
