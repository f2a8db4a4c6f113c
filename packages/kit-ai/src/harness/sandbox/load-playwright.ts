import type { BrowserType } from 'playwright-core';
import { KitAIError } from '../../errors/kit-ai-error.js';

/** Whether an import failed because the package is not installed (rather than failing inside it). */
function isNotInstalled(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && typeof message === 'string' && message.includes(name);
}

/**
 * Chromium's launcher from `playwright-core`, an optional peer dependency loaded only when a browser
 * sandbox is made, so kit-ai installs and runs without it. When it is missing,
 * `KitAIError('invalid_config')` says to install it. `load` replaces the import in tests.
 */
export async function loadChromium(
  factory: string,
  load: () => Promise<{ chromium: BrowserType }> = () => import('playwright-core'),
): Promise<BrowserType> {
  try {
    return (await load()).chromium;
  } catch (error) {
    if (!isNotInstalled(error, 'playwright-core')) throw error;
    const fix =
      'the browser sandbox drives Chromium with playwright-core, an optional peer dependency of @kit/kit-ai that is not installed; install it with `npm install playwright-core` (it downloads no browser: the system Chromium is used).';
    throw new KitAIError('invalid_config', `${factory}: ${fix}`, { cause: error });
  }
}
