import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchBrowser,
  screenshotPath,
  severeAxeViolations,
  startLibrariesSite,
  type RunningSite,
  type TestBrowser,
} from './browser.js';

describe.skipIf(!browserAvailable())('a service of several libraries in Chromium', () => {
  let site: RunningSite;
  let browser: TestBrowser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    site = await startLibrariesSite();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('searches the library version of the page as you type', async () => {
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(`${site.origin}/libraries/lumen/1.0.0/docs/guide/routing`);
    await page.locator('#search-input').fill('middleware');
    const first = page.locator('#search-listbox [role="option"]').first();
    await first.waitFor({ state: 'visible' });
    const hrefs = await page
      .locator('#search-listbox [role="option"]')
      .evaluateAll((options) => options.map((option) => option.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/libraries\/lumen\/1\.0\.0\/docs\//);
    await page.close();
  });

  it('has no serious or critical accessibility violations with the switcher, in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const path of ['/', '/libraries/lumen/2.0.0/docs/guide/routing', '/libraries', '/libraries/nothing/1/']) {
        const page = await browser.context.newPage();
        await page.emulateMedia({ colorScheme });
        await page.goto(`${site.origin}${path}`);
        expect(await page.locator('nav.switcher[aria-label="Libraries and versions"]').count(), path).toBe(1);
        const severe = await severeAxeViolations(page);
        expect(severe, `${path} (${colorScheme}): ${JSON.stringify(severe, null, 2)}`).toEqual([]);
        await page.close();
      }
    }
  });

  it('keeps the switcher within the width of a phone', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.origin}/libraries/lumen/2.0.0/docs/guide/routing`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: await screenshotPath('library-phone.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: await screenshotPath('library-desktop.png') });
    await page.close();
  });

  it('met no script error on any page', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe.skipIf(!browserAvailable())('the switcher without JavaScript', () => {
  let site: RunningSite;
  let browser: TestBrowser;

  beforeAll(async () => {
    site = await startLibrariesSite();
    browser = await launchBrowser({ javaScriptEnabled: false });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('goes to another version of the same document, then to another library, and searches there', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/libraries/lumen/2.0.0/docs/guide/routing`);
    const switcher = page.getByRole('navigation', { name: 'Libraries and versions' });
    expect(await switcher.locator('[aria-current="true"]').textContent()).toBe('2.0.0');
    await Promise.all([
      page.waitForURL(/\/libraries\/lumen\/1\.0\.0\/docs\/guide\/routing$/),
      switcher.getByRole('link', { name: '1.0.0' }).click(),
    ]);
    expect(await switcher.locator('[aria-current="true"]').textContent()).toBe('1.0.0');
    await Promise.all([page.waitForURL(/\/libraries\/quill\/1\.0\.0\/$/), switcher.getByRole('link', { name: 'Quill' }).click()]);
    expect(await page.locator('.brand').textContent()).toBe('Quill 1.0.0 docs');
    await page.locator('#search-input').fill('tags');
    await Promise.all([page.waitForURL(/\/libraries\/quill\/1\.0\.0\/search\?q=tags$/), page.locator('#search-input').press('Enter')]);
    const results = page.locator('ol.results > li a');
    expect(await results.count()).toBeGreaterThan(0);
    for (const href of await results.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^\/libraries\/quill\/1\.0\.0\/docs\//);
    }
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), switcher.getByRole('link', { name: 'kit' }).click()]);
    await page.close();
  });
});
