import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, type TestBrowser } from '../../../../test-support/browser.js';
import { fixtureBrowserChecks, watchedPage } from '../testing/browser-checks.js';
import { copyFixture, type FixtureCopy } from '../testing/fixture.js';
import { createDevServer, type DevReloadEvent, type DevServer } from './create-dev-server.js';

const run = browserAvailable();
let copy: FixtureCopy;
let dev: DevServer;
let browser: TestBrowser;
let base = '';

beforeAll(async () => {
  if (!run) return;
  copy = await copyFixture();
  dev = createDevServer({ root: copy.root, port: 0, conditions: ['kit-source'], log: false, debounceMs: 20 });
  [base, browser] = await Promise.all([dev.listen().then((address) => address.url), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  await copy?.remove();
});

describe.runIf(run)('the dev server in Chromium', () => {
  fixtureBrowserChecks(
    () => base,
    () => browser.context,
  );
});

/**
 * Writes a file of the app and waits for the dev server to have rebuilt for it with the expected outcome.
 * Other events naming the file may come first: a rebuild for an earlier edit (the watcher looks at a file
 * again shortly after it changed, in case a save came in two writes), or one for the empty file that
 * `writeFile` leaves for a moment when it truncates before writing. The wait is for the outcome of this edit.
 */
async function edit(file: string, change: (text: string) => string, expected: 'reload' | 'error' = 'reload'): Promise<void> {
  const path = join(copy.root, file);
  const text = await readFile(path, 'utf8');
  const done = new Promise<void>((resolve) => {
    const stop = dev.on(expected, (event: { changedFiles: readonly string[] }) => {
      if (!event.changedFiles.includes(file)) return;
      stop();
      resolve();
    });
  });
  await writeFile(path, change(text));
  await done;
}

describe.runIf(run)('the dev server in Chromium, while files change', () => {
  it('shows an edited page, a build error overlay and its fix without reloading, then a CSS edit', async () => {
    const { page, errors } = await watchedPage(browser.context);
    const file = join(copy.root, 'app/routes/(marketing)/about.page.tsx');
    const original = await readFile(file, 'utf8');
    try {
      const connected = page.waitForRequest((request) => request.url().endsWith('/_kit/events'));
      await page.goto(`${base}/about`);
      await connected;
      await page.evaluate(() => {
        (window as unknown as { kitMarker: string }).kitMarker = 'no reload';
      });
      const heading = page.getByRole('heading', { level: 1 });

      await edit('app/routes/(marketing)/about.page.tsx', (text) => text.replace('<h1>About</h1>', '<h1>About us</h1>'));
      await expect.poll(() => heading.textContent(), { timeout: 10_000 }).toBe('About us');

      await edit(
        'app/routes/(marketing)/about.page.tsx',
        (text) => text.replace('<h1>About us</h1>', '<h1>About us</h1>\n      <p>{</p>'),
        'error',
      );
      expect(dev.error).toMatchObject({ file: 'app/routes/(marketing)/about.page.tsx', line: 6 });
      await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('about.page.tsx:6');
      const overlay = await fetch(`${base}/about`, { headers: { accept: 'text/html' } });
      expect(overlay.status).toBe(500);
      expect(await overlay.text()).toContain('app/routes/(marketing)/about.page.tsx:6:');

      await edit('app/routes/(marketing)/about.page.tsx', (text) => text.replace('\n      <p>{</p>', '\n      <p>Fixed.</p>'));
      await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('Fixed.');
      expect(await page.locator('body').innerText()).not.toContain('about.page.tsx:6');

      const colorOf = () => heading.evaluate((element) => getComputedStyle(element).color);
      expect(await colorOf()).toBe('rgb(20, 20, 20)');
      const reloads: DevReloadEvent[] = [];
      const stop = dev.onReload((event) => reloads.push(event));
      await edit('app/styles/global.css', (text) => text.replace('color: rgb(20, 20, 20);', 'color: rgb(150, 0, 0);'));
      stop();
      // Only the stylesheet changed: the app kept running, and the browser swapped the stylesheet.
      expect(reloads.filter((event) => event.changedFiles.includes('app/styles/global.css')).map((event) => event.kind)).toEqual(['css']);
      await expect.poll(colorOf, { timeout: 10_000 }).toBe('rgb(150, 0, 0)');

      expect(await page.evaluate(() => (window as unknown as { kitMarker?: string }).kitMarker)).toBe('no reload');
      expect(errors.filter((error) => !error.includes('500'))).toEqual([]);
    } finally {
      // A failure part way must not leave the next test a broken page to start from.
      await writeFile(file, original);
      await page.close();
    }
  });
});

describe.runIf(run)('the dev server’s own scripts under the Content-Security-Policy', () => {
  it('serves the build error page with a nonce on its script, which reloads the page once the file is fixed', async () => {
    const { page, errors } = await watchedPage(browser.context);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const file = 'app/routes/(marketing)/about.page.tsx';
    const original = await readFile(join(copy.root, file), 'utf8');
    try {
      await edit(file, (text) => `${text}\nexport const broken = {;\n`, 'error');
      const listening = page.waitForRequest((request) => request.url().endsWith('/_kit/events'));
      const response = await page.goto(`${base}/about`);
      expect(response?.status()).toBe(500);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[\w-]{36}'/);
      await page.getByRole('heading', { name: 'Build error' }).waitFor();
      // The page's only script connects to the dev events: it ran, so the policy let it.
      await listening;
      await edit(file, () => original);
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Build error' }).waitFor({ timeout: 10_000 });
      expect(violations).toEqual([]);
      // Chromium reports the 500 of the error page, and the 404 of /favicon.ico it asks for since the
      // error page links no icon (the fixture has none there); nothing else may fail.
      expect(errors.filter((error) => !error.includes('500') && !error.includes('404'))).toEqual([]);
    } finally {
      await writeFile(join(copy.root, file), original);
      await page.close();
    }
  });
});
