import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchBrowser,
  screenshotPath,
  severeAxeViolations,
  startSite,
  type RunningSite,
  type TestBrowser,
} from './browser.js';

describe.skipIf(!browserAvailable())('the website in Chromium', () => {
  let site: RunningSite;
  let browser: TestBrowser;
  const cspViolations: string[] = [];

  /** A new tab that records every Content Security Policy violation and page error. */
  async function openPage(path: string): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(`${path}: ${message.text()}`);
    });
    page.on('pageerror', (error) => cspViolations.push(`${path}: page error ${error.message}`));
    await page.goto(`${site.origin}${path}`);
    return page;
  }

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('searches as you type and lands on the chosen section with the keyboard', async () => {
    const page = await openPage('/docs/getting-started');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.type('defineModel');
    const first = page.locator('#search-listbox [role="option"]').first();
    await first.waitFor({ state: 'visible' });
    expect(await page.locator('#search-input').getAttribute('aria-expanded')).toBe('true');
    expect(await first.locator('mark').first().textContent()).toMatch(/definemodel/i);
    const href = await first.getAttribute('href');
    await page.keyboard.press('ArrowDown');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#search-input').getAttribute('aria-activedescendant')).toBe('search-option-0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await Promise.all([page.waitForURL((url) => url.hash !== ''), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(href);
    const landed = await page.evaluate(() => {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      const box = target?.getBoundingClientRect();
      return target ? { tag: target.tagName, top: box!.top, height: window.innerHeight } : undefined;
    });
    expect(landed?.tag).toMatch(/^H[23]$/);
    expect(landed!.top).toBeGreaterThanOrEqual(0);
    expect(landed!.top).toBeLessThan(landed!.height / 2);
    await page.close();
  });

  it('opens the first result when Enter is pressed before any arrow key', async () => {
    const page = await openPage('/docs/getting-started');
    await page.locator('#search-input').click();
    await page.keyboard.type('defineModel');
    const options = page.locator('#search-listbox [role="option"]');
    await options.first().waitFor({ state: 'visible' });
    expect(await options.count()).toBeGreaterThan(1);
    expect(await page.locator('#search-listbox [aria-selected="true"]').count()).toBe(0);
    expect(await page.locator('#search-input').getAttribute('aria-activedescendant')).toBeNull();
    const href = await options.first().getAttribute('href');
    await Promise.all([page.waitForURL((url) => url.hash !== ''), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(href);
    await page.close();
  });

  it('goes from no choice to the last result with ArrowUp and wraps around with ArrowDown', async () => {
    const page = await openPage('/');
    await page.locator('#search-input').click();
    await page.keyboard.type('defineModel');
    const options = page.locator('#search-listbox [role="option"]');
    await options.first().waitFor({ state: 'visible' });
    const last = (await options.count()) - 1;
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('#search-input').getAttribute('aria-activedescendant')).toBe(`search-option-${last}`);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#search-input').getAttribute('aria-activedescendant')).toBe('search-option-0');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('#search-input').getAttribute('aria-activedescendant')).toBe(`search-option-${last}`);
    await page.close();
  });

  it('focuses the search with Ctrl-K and closes the results with Escape', async () => {
    const page = await openPage('/');
    await page.locator('main h1').click();
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.type('migrations');
    await page.locator('#search-listbox [role="option"]').first().waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    expect(await page.locator('#search-results').isHidden()).toBe(true);
    expect(await page.locator('#search-input').getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('puts result text into the page as text, never as markup', async () => {
    const page = await openPage('/');
    await page.locator('#search-input').fill('<img src=x onerror=alert(1)> model');
    await page.locator('#search-results').waitFor({ state: 'visible' });
    expect(await page.locator('#search-results img').count()).toBe(0);
    await page.close();
  });

  it('copies a code block to the clipboard with its button', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    const page = await openPage('/docs/database');
    const block = page.locator('.code').first();
    // The copy is asynchronous and the label resets after a moment, so record every label the
    // button shows instead of sampling it once at a time that a loaded machine may miss.
    await page.evaluate(() => {
      const button = document.querySelector('.code .copy')!;
      const labels: string[] = [];
      (window as unknown as { copyLabels: string[] }).copyLabels = labels;
      new MutationObserver(() => labels.push(button.textContent ?? '')).observe(button, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await block.locator('.copy').click();
    const code = await block.locator('code').textContent();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 5_000 }).toBe(code);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { copyLabels: string[] }).copyLabels), { timeout: 5_000 })
      .toContain('Copied');
    expect(code).toContain('defineModel');
    await page.close();
  });

  it('renders the API reference with Swagger UI under the Content Security Policy', async () => {
    const page = await openPage('/api-reference');
    await page.locator('.swagger-ui .opblock').first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator('.swagger-ui .opblock').count()).toBeGreaterThanOrEqual(4);
    await page.close();
  });

  it('has no serious or critical accessibility violations on the home, a document and the search page, in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const path of ['/', '/docs/database', '/search?q=model']) {
        const page = await browser.context.newPage();
        await page.emulateMedia({ colorScheme });
        await page.goto(`${site.origin}${path}`);
        const severe = await severeAxeViolations(page);
        expect(severe, `${path} (${colorScheme}): ${JSON.stringify(severe, null, 2)}`).toEqual([]);
        await page.close();
      }
    }
  });

  it('keeps the open instant search list accessible', async () => {
    const page = await openPage('/');
    await page.locator('#search-input').fill('defineModel');
    await page.locator('#search-listbox [role="option"]').first().waitFor({ state: 'visible' });
    await page.keyboard.press('ArrowDown');
    const severe = await severeAxeViolations(page);
    expect(severe, JSON.stringify(severe, null, 2)).toEqual([]);
    await page.close();
  });

  it('keeps screenshots of a document in the light and dark themes and at phone width', async () => {
    const shots: [string, Parameters<Page['emulateMedia']>[0], { width: number; height: number }][] = [
      ['document-light.png', { colorScheme: 'light' }, { width: 1280, height: 900 }],
      ['document-dark.png', { colorScheme: 'dark' }, { width: 1280, height: 900 }],
      ['document-phone.png', { colorScheme: 'light' }, { width: 390, height: 844 }],
    ];
    for (const [name, media, viewport] of shots) {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await page.emulateMedia(media);
      await page.goto(`${site.origin}/docs/database`);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background, name).toBe(media?.colorScheme === 'dark' ? 'rgb(20, 23, 28)' : 'rgb(255, 255, 255)');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name}: the page is wider than the screen`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: await screenshotPath(name) });
      await page.close();
    }
  });

  it('met no Content Security Policy violation on any page', () => {
    expect(cspViolations).toEqual([]);
  });
});

describe.skipIf(!browserAvailable())('the website without JavaScript', () => {
  let site: RunningSite;
  let browser: TestBrowser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser({ javaScriptEnabled: false });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('searches through the /search page and follows a result to its section', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/docs/routing`);
    await page.locator('#search-input').fill('defineModel');
    await Promise.all([page.waitForURL(/\/search\?q=defineModel$/), page.locator('#search-input').press('Enter')]);
    const results = page.locator('ol.results > li');
    expect(await results.count()).toBeGreaterThan(0);
    expect(await results.first().locator('mark').first().textContent()).toMatch(/definemodel/i);
    const href = await results.first().locator('a').getAttribute('href');
    await Promise.all([page.waitForURL((url) => url.hash !== ''), results.first().locator('a').click()]);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(href);
    expect(await page.locator(`[id="${href!.split('#')[1]}"]`).count()).toBe(1);
    await page.close();
  });
});
