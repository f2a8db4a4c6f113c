import type { Page, Request as BrowserRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, severeAxeViolations } from '../../../../test-support/browser.js';
import { openFixtureBrowser, type FixtureBrowser } from '../testing/fixture-browser.js';
import type { PageServer } from '../testing/page-server.js';

describe.runIf(browserAvailable())('the client in Chromium', () => {
  let fixture: FixtureBrowser;
  let server: PageServer;
  let page: Page;
  let problems: string[];
  const navigationRequests: string[] = [];

  beforeAll(async () => {
    fixture = await openFixtureBrowser({
      files: { 'app.css': 'body { margin: 0; }\n' },
      styles: ['/_kit/app.css'],
      dev: true,
      onError: () => undefined,
    });
    ({ server, page, problems } = fixture);
    page.on('request', (request: BrowserRequest) => {
      if (request.headers()['kit-navigation'] === '1') navigationRequests.push(new URL(request.url()).pathname);
    });
    // Before any script runs: mark the server's ServerOnly node, and count view transitions.
    await page.addInitScript(() => {
      const scope = window as unknown as { transitions: number; markedServerOnly: boolean };
      scope.transitions = 0;
      const original = document.startViewTransition?.bind(document);
      if (original) {
        document.startViewTransition = ((update: ViewTransitionUpdateCallback) => {
          scope.transitions += 1;
          return original(update);
        }) as typeof document.startViewTransition;
      }
      document.addEventListener('readystatechange', () => {
        const node = document.getElementById('so-home') as (HTMLElement & { kitMark?: string }) | null;
        if (node && !scope.markedServerOnly) {
          node.kitMark = 'server node';
          scope.markedServerOnly = true;
        }
      });
    });
  });

  afterAll(async () => {
    await fixture?.close();
  });

  const hydrated = () =>
    page.waitForFunction(
      () =>
        document.getElementById('kit-state') !== null &&
        (document.querySelector('button') as unknown as Record<string, unknown> | null) !== null &&
        Object.keys(document.querySelector('button')!).some((key) => key.startsWith('__reactProps')),
    );

  it('hydrates: buttons work, ServerOnly keeps the server HTML, no warnings, no severe axe findings', async () => {
    await page.goto(`${server.url}/`);
    await hydrated();
    await page.getByRole('button', { name: 'Clicked 0 times' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Clicked 1 times' }).count()).toBe(1);
    expect(await page.locator('#so-home').textContent()).toBe('Rendered on the server');
    expect(await page.evaluate(() => (document.getElementById('so-home') as HTMLElement & { kitMark?: string }).kitMark)).toBe(
      'server node',
    );
    expect(await page.title()).toBe('Home · Fixture');
    expect(await severeAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('prefetches on hover and navigates without reloading the document, keeping the layout state', async () => {
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
    });
    await page.getByRole('button', { name: 'Layout clicks: 0' }).click();
    navigationRequests.length = 0;
    await page.getByRole('link', { name: 'About', exact: true }).hover();
    await expect.poll(() => navigationRequests.length).toBe(1);
    await page.getByRole('link', { name: 'About', exact: true }).click();
    await page.getByRole('heading', { name: 'About' }).waitFor();
    expect(navigationRequests).toEqual(['/about']);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.title()).toBe('About · Fixture');
    expect(await page.getByRole('button', { name: 'Layout clicks: 1' }).count()).toBe(1);
    expect(await page.locator('#current-path').textContent()).toBe('Path: /about');
    // The ServerOnly block came in the payload, as the server rendered it.
    expect(await page.locator('#so-about').evaluate((node) => [...node.querySelectorAll('p')].map((p) => p.textContent))).toEqual([
      'Notes from the about loader',
      'Rendered on the server',
    ]);
    await expect.poll(() => page.locator('#kit-route-announcer').textContent()).toBe('About · Fixture');
    expect(problems).toEqual([]);
  });

  it('restores content and scroll on back and forward', async () => {
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Hello from the loader' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    navigationRequests.length = 0;
    await page.locator('#bottom-link').scrollIntoViewIfNeeded();
    // prefetch="viewport": the link's target is fetched once it is visible, and the click reuses it.
    await expect.poll(() => navigationRequests).toEqual(['/about']);
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1200);
    await page.locator('#bottom-link').click();
    await page.getByRole('heading', { name: 'About' }).waitFor();
    expect(navigationRequests).toEqual(['/about']);
    // Focus moved to the new page's heading, for keyboard and screen reader users.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { name: 'Hello from the loader' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
    await page.goForward();
    await page.getByRole('heading', { name: 'About' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    expect(problems).toEqual([]);
  });

  it('runs view transitions through document.startViewTransition', async () => {
    await page.locator('#vt-link').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { transitions: number }).transitions)).toBe(1);
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('button', { name: 'Clicked 0 times' }).click();
    await page.getByRole('button', { name: 'Add ten with a transition' }).click();
    await page.getByRole('button', { name: 'Clicked 11 times' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { transitions: number }).transitions)).toBe(2);
    expect(problems).toEqual([]);
  });

  it('shows the loading view while a slow page loads', async () => {
    await page.getByRole('link', { name: 'Slow' }).click();
    await page.getByRole('status').filter({ hasText: 'Loading the page…' }).waitFor();
    await page.getByRole('heading', { name: 'The slow page arrived' }).waitFor();
    expect(await page.getByText('Loading the page…').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('lets a newer navigation win over an older one still loading', async () => {
    await page.getByRole('link', { name: 'Slow' }).click();
    await page.getByRole('link', { name: 'About', exact: true }).click();
    await page.getByRole('heading', { name: 'About' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.getByRole('heading', { name: 'About' }).count()).toBe(1);
    expect(await page.getByText('The slow page arrived').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows the dev overlay for build errors and refreshes on updates', async () => {
    server.sendDevEvent('error', { file: 'app/routes/index.page.tsx', line: 3, column: 7, message: 'Expected ";" but found "}"' });
    const overlay = page.getByRole('alertdialog');
    await overlay.waitFor();
    expect(await overlay.innerText()).toContain('app/routes/index.page.tsx:3:7');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Dismiss');
    expect(await severeAxeViolations(page)).toEqual([]);
    navigationRequests.length = 0;
    server.sendDevEvent('update', { kind: 'route' });
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => navigationRequests.length).toBe(1);
    server.sendDevEvent('update', { kind: 'css' });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('link[rel="stylesheet"]')?.getAttribute('href')))
      .toMatch(/^\/_kit\/app\.css\?kit-css=\d+$/);
  });

  it('shows _error.tsx when a level throws while rendering', async () => {
    await page.getByRole('link', { name: 'Broken' }).click();
    await page.getByRole('button', { name: 'Break it' }).click();
    await page.getByRole('alert').filter({ hasText: 'The broken page broke' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Error 500' }).count()).toBe(1);
    // The layout around the failed level still works.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
  });

  it('loads the document itself when the answer is not a navigation payload', async () => {
    await page.getByRole('link', { name: 'Plain' }).click();
    await page.getByRole('heading', { name: 'Plain page' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/plain');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  });
});
