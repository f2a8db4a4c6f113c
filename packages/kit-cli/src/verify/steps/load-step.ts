import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildManifest } from '@kit/kit-dev';
import type { KitConfig } from '@kit/kit-core';
import { count } from '../../cli/table.js';
import type { VerifyStep } from '../verify-app.js';
import { error, outcome, pass, type VerifyProblem } from '../verify-types.js';

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** A kit-dev failure as a problem at its source location. */
function buildProblem(cause: unknown): VerifyProblem {
  const location = (cause as { location?: { file: string; line: number; column: number } } | null)?.location;
  const where = location ? { file: location.file, line: location.line, column: location.column } : {};
  return error(message(cause), location ? 'fix the code at this line' : 'fix the app so that kit build succeeds', where);
}

/**
 * Step 4: the app builds with kit-dev (`buildApp`, the same bundling as `kit build`, into `.kit/verify/`)
 * and every server module of the build, `kit.config.ts` included, imports without throwing; the
 * configuration's default export must be an object.
 */
export const loadStep: VerifyStep = {
  name: 'load',
  title: 'App loads',
  async run(app) {
    const { buildApp } = await import('@kit/kit-dev');
    await rm(app.buildDir, { recursive: true, force: true });
    try {
      await buildApp({ root: app.root, outDir: app.buildDir });
    } catch (cause) {
      return outcome('kit build failed', [buildProblem(cause)]);
    }
    const manifest = JSON.parse(await readFile(join(app.buildDir, 'manifest.json'), 'utf8')) as BuildManifest;
    const serverDir = join(app.buildDir, 'server');
    const modules = new Map<string, Readonly<Record<string, unknown>>>();
    const problems: VerifyProblem[] = [];
    for (const [file, output] of Object.entries(manifest.server.modules)) {
      try {
        modules.set(file, (await import(pathToFileURL(join(serverDir, output)).href)) as Readonly<Record<string, unknown>>);
      } catch (cause) {
        problems.push(
          error(`importing it threw: ${message(cause)}`, 'fix the code that runs when the module loads (top-level statements)', {
            file: `app/routes/${file}`,
          }),
        );
      }
    }
    let config: KitConfig | null = null;
    if (manifest.server.config !== null) {
      try {
        const module = (await import(pathToFileURL(join(serverDir, manifest.server.config)).href)) as { default?: unknown };
        if (module.default === null || typeof module.default !== 'object' || Array.isArray(module.default)) {
          problems.push(
            error('kit.config.ts must export the configuration as its default export', 'write export default defineConfig({ ... })', {
              file: 'kit.config.ts',
            }),
          );
        } else config = module.default as KitConfig;
      } catch (cause) {
        problems.push(
          error(`importing it threw: ${message(cause)}`, 'fix the code that runs when kit.config.ts loads', { file: 'kit.config.ts' }),
        );
      }
    }
    if (problems.length > 0) return outcome(`${count(problems.length, 'module')} failed to load`, problems);
    app.loaded = { manifest, config, modules };
    return pass(
      `built and imported ${count(modules.size, 'route module')}${manifest.server.config === null ? ' (no kit.config.ts)' : ' and kit.config.ts'}`,
    );
  },
};
