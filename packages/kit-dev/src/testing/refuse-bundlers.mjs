// Module hooks for the child process of the no-bundler test: resolving esbuild, typescript or chokidar
// (by name or by a path into their package) fails, so any runtime use of them shows.
const refused = /^(esbuild|typescript|chokidar)(\/|$)/;
const refusedPath = /\/node_modules\/(esbuild|typescript|chokidar)\//;

export async function resolve(specifier, context, next) {
  if (refused.test(specifier)) throw new Error(`KIT-REFUSED: ${specifier} may not be loaded by the production server`);
  const resolved = await next(specifier, context);
  if (refusedPath.test(resolved.url) && !(context.parentURL ?? '').includes('/node_modules/tsx/')) {
    throw new Error(`KIT-REFUSED: ${resolved.url} may not be loaded by the production server`);
  }
  return resolved;
}
