import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { count } from '../cli/table.js';
import { requireAppFolder } from '../app/app-folder.js';
import { shownPath } from '../db/db-options.js';
import { fromKitDevError } from './kit-dev-errors.js';

async function run(context: CommandContext) {
  requireAppFolder(context.root);
  const outDir = context.string('out-dir');
  const { buildApp } = await import('@kit/kit-dev');
  let result;
  try {
    result = await buildApp({ root: context.root, ...(outDir === undefined ? {} : { outDir }) });
  } catch (error) {
    throw fromKitDevError(error);
  }
  for (const diagnostic of result.diagnostics)
    context.err(context.style.err.yellow(`warning ${diagnostic.code}: ${diagnostic.message}. ${diagnostic.fix}`));
  const apis = result.manifest.routes.filter((route) => route.kind === 'api').length;
  context.out(
    `${context.style.out.green('Built')} ${count(apis, 'API route file')} and ${count(result.manifest.routes.length - apis, 'page')} into ${shownPath(context.root, result.outDir)}/ (${count(result.files.length, 'file')}, ${Math.round(result.durationMs)} ms).`,
  );
  context.out('Serve it with kit start.');
  return exitCodes.ok;
}

/** `kit build`. */
export const buildCommand: CommandSpec = {
  name: 'build',
  group: 'Develop',
  summary: 'Build for production',
  usage: 'build [--out-dir <dir>] [options]',
  description: `Builds the app for production with kit-dev: the server bundle, the minified browser bundle with
content-hashed names, the stylesheet and manifest.json, in .kit/build/. kit start serves the result
without a bundler. Route errors and bundling errors stop the build (exit 1, with the file and line).`,
  positionals: [],
  options: [{ name: 'out-dir', type: 'string', value: '<dir>', description: 'where the build goes, inside the app (default .kit/build)' }],
  examples: ['kit build', 'kit verify && kit build'],
  readsEnvFile: true,
  run,
};
