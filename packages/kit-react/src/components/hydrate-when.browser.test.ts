/**
 * Hydrate in Chromium, on the fixture app's /deferred page: the page hydrates, while the parts wrapped in
 * Hydrate keep the server's HTML (no React props on their buttons) until their moment: the first
 * interaction (whose click is then handled), the browser being idle, or being scrolled into view.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable } from '../../../../test-support/browser.js';
import { openFixtureBrowser, type FixtureBrowser } from '../testing/fixture-browser.js';

/** Whether React has hydrated an element: it puts its props on the elements it owns. */
function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => Object.keys(element).some((key) => key.startsWith('__reactProps')));
}

describe.runIf(browserAvailable())('Hydrate in Chromium', () => {
  let fixture: FixtureBrowser;
  beforeAll(async () => {
    fixture = await openFixtureBrowser();
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  it('hydrates each part at its moment, keeping the server HTML until then', async () => {
    const { page, server } = fixture;
    // No idle time for the idle part until the test has looked: the page's idle callbacks wait.
    await page.addInitScript(() => {
      const held: (() => void)[] = [];
      (window as unknown as { releaseIdle: () => void }).releaseIdle = () => held.splice(0).forEach((run) => run());
      window.requestIdleCallback = ((run: () => void) => {
        held.push(run);
        return held.length;
      }) as typeof window.requestIdleCallback;
    });
    await page.goto(`${server.url}/deferred`);
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('eager-counter') ?? {}).some((key) => key.startsWith('__reactProps')),
    );
    await page.click('#eager-counter');
    expect(await page.textContent('#eager-counter')).toBe('eager 1');
    expect(await isHydrated(page, '#interaction-counter')).toBe(false);
    expect(await isHydrated(page, '#visible-counter')).toBe(false);

    // The first click on a part waiting for interaction hydrates it, and the click counts.
    await page.click('#interaction-counter');
    await page.waitForFunction(() => document.getElementById('interaction-counter')?.textContent === 'interaction 1');

    // Once the browser reports idle time, the idle part hydrates (the page's own idle wait released it too).
    await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('idle-counter') ?? {}).some((key) => key.startsWith('__reactProps')),
    );

    // The part far below hydrates once it is scrolled into view.
    expect(await isHydrated(page, '#visible-counter')).toBe(false);
    await page.$eval('#visible-counter', (element) => element.scrollIntoView());
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('visible-counter') ?? {}).some((key) => key.startsWith('__reactProps')),
    );
    await page.click('#visible-counter');
    expect(await page.textContent('#visible-counter')).toBe('visible 1');

    // After a client navigation there is no server HTML to keep: every part renders and runs at once.
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.waitForSelector('h1:text("About")');
    await page.goBack();
    await page.waitForSelector('#visible-counter');
    for (const name of ['interaction', 'idle', 'visible'])
      await page.waitForFunction(
        (id) => Object.keys(document.getElementById(id) ?? {}).some((key) => key.startsWith('__reactProps')),
        `${name}-counter`,
      );
    expect(fixture.problems).toEqual([]);
  }, 60_000);
});
