import type { Plugin } from 'esbuild';

const prefix = 'kit-virtual:';
const namespace = 'kit-virtual';

/** The specifier of a generated module, for `entryPoints`. */
export function virtualModule(name: string): string {
  return `${prefix}${name}`;
}

/** The metafile `entryPoint` of a generated module. */
export function virtualEntryPoint(name: string): string {
  return `${namespace}:${name}`;
}

/**
 * Modules kit writes rather than the app: the browser entry that calls `hydrate()`, the server module
 * that imports every route file so their CSS forms one stylesheet. `resolveDir` is the app's root, so
 * their imports resolve from the app's own `node_modules`.
 */
export function virtualModulesPlugin(resolveDir: string, modules: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'kit-virtual-modules',
    setup(build) {
      build.onResolve({ filter: /^kit-virtual:/ }, (args) => ({ path: args.path.slice(prefix.length), namespace }));
      build.onLoad({ filter: /.*/, namespace }, (args) => {
        const contents = modules[args.path];
        if (contents === undefined) return { errors: [{ text: `kit-dev: no generated module named "${args.path}"` }] };
        return { contents, loader: 'js', resolveDir };
      });
    },
  };
}
