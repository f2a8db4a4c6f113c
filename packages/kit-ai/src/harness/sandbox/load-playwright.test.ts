import { describe, expect, it } from 'vitest';
import { failure } from '../../testing/failure.js';
import { loadChromium } from './load-playwright.js';

describe('loadChromium', () => {
  it('loads playwright-core', async () => {
    const chromium = await loadChromium('createBrowserSandbox');
    expect(chromium.name()).toBe('chromium');
  });

  it('says to install playwright-core when it is missing', async () => {
    const missing = Object.assign(
      new Error("Cannot find package 'playwright-core' imported from /app/node_modules/@kit/kit-ai/dist/x.js"),
      {
        code: 'ERR_MODULE_NOT_FOUND',
      },
    );
    const error = await failure(loadChromium('createBrowserSandbox', () => Promise.reject(missing)));
    expect(error.code).toBe('invalid_config');
    expect(error.message).toContain(
      'createBrowserSandbox: the browser sandbox drives Chromium with playwright-core, an optional peer dependency',
    );
    expect(error.message).toContain('npm install playwright-core');
    expect(error.cause).toBe(missing);
  });

  it('lets other failures through', async () => {
    const broken = new Error('playwright-core: something inside it failed');
    await expect(loadChromium('f', () => Promise.reject(broken))).rejects.toBe(broken);
  });
});
