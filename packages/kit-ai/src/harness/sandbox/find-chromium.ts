import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { configError } from '../../tasks/task-options.js';

/** Where Debian and Ubuntu install Chromium, in the order they are tried. */
export const systemChromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'] as const;

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium a browser sandbox runs: `executablePath` when given, else `KIT_CHROMIUM`, else
 * `CHROMIUM_PATH`, else the first of `systemChromiumPaths` that exists. A path named explicitly (the
 * option or a variable) must be an executable file: a wrong one is a mistake to report, not to step
 * over. No browser is ever downloaded; without one, `KitAIError('invalid_config')` says how to install it.
 */
export async function findChromium(
  factory: string,
  executablePath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = systemChromiumPaths,
): Promise<string> {
  const named: [string, string | undefined][] = [
    ['executablePath', executablePath],
    ['KIT_CHROMIUM', env.KIT_CHROMIUM],
    ['CHROMIUM_PATH', env.CHROMIUM_PATH],
  ];
  for (const [source, path] of named) {
    if (path === undefined || path === '') continue;
    if (await isExecutableFile(path)) return path;
    throw configError(
      factory,
      `${source} names ${JSON.stringify(path)}, which is not an executable file; point it at Chromium (such as /usr/bin/chromium).`,
    );
  }
  for (const path of candidates) {
    if (await isExecutableFile(path)) return path;
  }
  throw configError(
    factory,
    `no Chromium found at ${candidates.join(' or ')}; install it (on Debian: apt-get install chromium), or give its path as executablePath or in KIT_CHROMIUM.`,
  );
}
