/**
 * Page actions in Chromium, on the fixture app's /notes page: the same forms with JavaScript off (the
 * browser posts them and shows the page the action answers with) and on (`Form` sends them without a
 * reload, shows that it is sending, and the page's loaders run again).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable } from '../../../../test-support/browser.js';
import { openFixtureBrowser, type FixtureBrowser } from '../testing/fixture-browser.js';

/** Chromium logs the 400 of a form sent with bad input, which the test sends on purpose. */
const badInputStatus = /status of 400 \(Bad Request\)/;

async function noteTexts(page: Page): Promise<string[]> {
  return page.locator('#notes > li').evaluateAll((items) => items.map((item) => item.firstChild?.textContent ?? ''));
}

describe.runIf(browserAvailable())('page actions in Chromium with JavaScript off', () => {
  let fixture: FixtureBrowser;
  beforeAll(async () => {
    fixture = await openFixtureBrowser({ browserOptions: { javaScriptEnabled: false }, expectedErrors: badInputStatus });
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  it('posts the form, shows the field error with the value kept, then the note, and removes it by redirect', async () => {
    const { page, server } = fixture;
    await page.goto(`${server.url}/notes`);
    await page.getByLabel('Note').fill('ab');
    const refused = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Add note' }).click();
    expect((await refused).status()).toBe(400);
    await page.waitForSelector('#text-error');
    expect(await page.locator('#text-error').textContent()).toBe('Write at least 3 characters.');
    expect(await page.getByLabel('Note').inputValue()).toBe('ab');

    await page.getByLabel('Note').fill('Water the plants');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.waitForSelector('#added');
    expect(await noteTexts(page)).toContain('Water the plants');
    expect(await page.locator('#added').textContent()).toBe('Added Water the plants');

    await page.getByRole('button', { name: 'Remove Water the plants' }).click();
    await page.waitForURL(`${server.url}/notes`);
    await page.waitForFunction(() => !document.body.textContent?.includes('Remove Water the plants'));
    expect(await noteTexts(page)).not.toContain('Water the plants');
    expect(fixture.problems).toEqual([]);
  }, 60_000);
});

describe.runIf(browserAvailable())('page actions in Chromium with JavaScript on', () => {
  let fixture: FixtureBrowser;
  beforeAll(async () => {
    fixture = await openFixtureBrowser({ expectedErrors: badInputStatus });
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  it('sends the form without a reload, shows it is sending, refreshes the list and empties the form', async () => {
    const { page, server } = fixture;
    await page.goto(`${server.url}/notes`);
    // Hydrated once React has put its props on the form.
    await page.waitForFunction(() => Object.keys(document.getElementById('add-form') ?? {}).some((key) => key.startsWith('__reactProps')));
    // A mark on the document that a reload would wipe out.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await page.getByLabel('Note').fill('ab');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.waitForSelector('#text-error');
    expect(await page.locator('#text-error').textContent()).toBe('Write at least 3 characters.');
    expect(await page.getByLabel('Note').inputValue()).toBe('ab');

    await page.getByLabel('Note').fill('Feed the cat');
    await page.locator('input[name="delayMs"]').evaluate((input) => ((input as HTMLInputElement).value = '400'));
    await page.getByRole('button', { name: 'Add note' }).click();
    // While the action runs, the form says so and its button cannot be pressed again.
    await page.waitForSelector('#add-form[aria-busy="true"]');
    expect(await page.getByRole('button', { name: 'Adding…' }).isDisabled()).toBe(true);
    await page.waitForSelector('#added');
    expect(await noteTexts(page)).toContain('Feed the cat');
    expect(await page.getByLabel('Note').inputValue()).toBe('');
    expect(await page.locator('#text-error').count()).toBe(0);

    await page.getByRole('button', { name: 'Remove Feed the cat' }).click();
    await page.waitForFunction(() => !document.body.textContent?.includes('Remove Feed the cat'));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(page.url()).toBe(`${server.url}/notes`);
    expect(fixture.problems).toEqual([]);
  }, 60_000);
});
