import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failure } from '../../testing/failure.js';
import { useTempFolders } from '../../testing/temp-folders.js';
import { findChromium } from './find-chromium.js';

const tempFolder = useTempFolders('kit-find-chromium-');

function fakeBrowser(name: string, executable = true): string {
  const path = join(tempFolder(), name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, executable ? 0o755 : 0o644);
  return path;
}

describe('findChromium', () => {
  it('takes executablePath, then KIT_CHROMIUM, then CHROMIUM_PATH, then the system paths', async () => {
    const [option, kit, plain, system] = ['option', 'kit', 'plain', 'system'].map((name) => fakeBrowser(name));
    const env = { KIT_CHROMIUM: kit, CHROMIUM_PATH: plain };
    expect(await findChromium('f', option, env, [system!])).toBe(option);
    expect(await findChromium('f', undefined, env, [system!])).toBe(kit);
    expect(await findChromium('f', undefined, { CHROMIUM_PATH: plain }, [system!])).toBe(plain);
    expect(await findChromium('f', undefined, {}, ['/nowhere/chromium', system!])).toBe(system);
  });

  it('refuses a named path that is not an executable file, rather than stepping over it', async () => {
    const notExecutable = fakeBrowser('chromium', false);
    const error = await failure(findChromium('createBrowserSandbox', undefined, { KIT_CHROMIUM: notExecutable }, []));
    expect(error.code).toBe('invalid_config');
    expect(error.message).toBe(
      `createBrowserSandbox: KIT_CHROMIUM names ${JSON.stringify(notExecutable)}, which is not an executable file; point it at Chromium (such as /usr/bin/chromium).`,
    );
    expect((await failure(findChromium('f', tempFolder(), {}, []))).message).toContain('executablePath names');
  });

  it('says how to install Chromium when there is none, and downloads nothing', async () => {
    const error = await failure(findChromium('createBrowserSandbox', undefined, {}, ['/nowhere/chromium']));
    expect(error.message).toBe(
      'createBrowserSandbox: no Chromium found at /nowhere/chromium; install it (on Debian: apt-get install chromium), or give its path as executablePath or in KIT_CHROMIUM.',
    );
  });
});
