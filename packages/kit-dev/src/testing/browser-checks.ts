import { createServer } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { severeAxeViolations } from '../../../../test-support/browser.js';

/** The fixture's pages, each checked with axe. */
export const fixturePages = ['/', '/about', '/tickets', '/tickets/1', '/docs/guides/setup', '/boom', '/no/such/page', '/admin'] as const;

/** A page that records console errors, uncaught exceptions and every script it loaded. */
export interface WatchedPage {
  readonly page: Page;
  readonly errors: string[];
  readonly scripts: Set<string>;
  readonly navigationRequests: string[];
}

/** Opens a page that records what the checks look at. */
export async function watchedPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  const scripts = new Set<string>();
  const navigationRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (request.headers()['kit-navigation'] === '1') navigationRequests.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.add(response.url());
  });
  return { page, errors, scripts, navigationRequests };
}

/** Clicks the counter until hydration has made it count (clicks before hydration do nothing). */
export async function waitForHydration(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /Clicked \d+ times/ });
  await expect
    .poll(
      async () => {
        await button.click();
        return (await button.textContent()) ?? '';
      },
      { timeout: 10_000, interval: 200 },
    )
    .toMatch(/Clicked [1-9]\d* times/);
}

/** Browser checks every way of serving the fixture must pass (one browser, shared by the file). */
export function fixtureBrowserChecks(base: () => string, context: () => BrowserContext): void {
  it('hydrates, navigates without reloading, prefetches on hover and goes back', async () => {
    const { page, errors, navigationRequests } = await watchedPage(context());
    try {
      await page.goto(`${base()}/`);
      await waitForHydration(page);
      await page.evaluate(() => {
        (window as unknown as { kitMarker: string }).kitMarker = 'still here';
      });
      const ticketsLink = page.getByRole('link', { name: 'Tickets' });
      await ticketsLink.hover();
      await expect.poll(() => navigationRequests.includes('/tickets'), { timeout: 5000 }).toBe(true);
      await ticketsLink.click();
      await page.waitForURL(`${base()}/tickets`);
      await expect.poll(() => page.title()).toBe('Tickets - Fixture tickets');
      await page.getByRole('link', { name: 'Printer on fire' }).click();
      await page.waitForURL(`${base()}/tickets/1`);
      await expect.poll(() => page.locator('#ticket-status').textContent(), { timeout: 5000 }).toBe('Status: open');
      await page.goBack();
      await page.waitForURL(`${base()}/tickets`);
      await expect.poll(() => page.locator('#ticket-list').isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { kitMarker?: string }).kitMarker)).toBe('still here');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows the error view for a failing loader and the not-found page for an unknown URL', async () => {
    const { page, errors } = await watchedPage(context());
    try {
      await page.goto(`${base()}/boom`);
      await expect.poll(() => page.locator('#error-title').textContent()).toBe('Something went wrong');
      const response = await page.goto(`${base()}/no/such/page`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('#not-found-title').textContent()).toBe('Page not found');
      // Chromium reports the 404 of the document itself; nothing else may fail.
      expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('keeps ServerOnly content in the page but out of every script the browser loads', async () => {
    const { page, scripts } = await watchedPage(context());
    try {
      await page.goto(`${base()}/`);
      await waitForHydration(page);
      expect(await page.getByTestId('server-report').textContent()).toContain('KIT-SERVER-ONLY-MARKER-4242');
      for (const path of fixturePages.slice(1, 5)) await page.goto(`${base()}${path}`);
      expect(scripts.size).toBeGreaterThan(3);
      for (const script of scripts) expect(await (await fetch(script)).text(), script).not.toContain('KIT-SERVER-ONLY-MARKER');
    } finally {
      await page.close();
    }
  });

  it('runs its pages under their Content-Security-Policy with no violation, and posts a same-origin form', async () => {
    const { page, errors } = await watchedPage(context());
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    try {
      const response = await page.goto(`${base()}/`);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[\w-]{36}'/);
      await waitForHydration(page);
      // Its data arrives after the shell: React reveals it with an inline script, which the nonce lets run.
      await page.goto(`${base()}/tickets/1`);
      await expect.poll(() => page.locator('#ticket-status').textContent(), { timeout: 5000 }).toBe('Status: open');
      // A plain HTML form of the app's own page, posted to a mounted endpoint that reads it and redirects.
      await page.goto(`${base()}/about`);
      await page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/feedback';
        form.innerHTML = '<label>Name <input name="name" value="Ada Lovelace"></label><button>Send feedback</button>';
        document.body.append(form);
      });
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await page.waitForURL(`${base()}/about?thanks=Ada%20Lovelace`);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('cannot be framed by a page of another origin', async () => {
    // The other origin: another port of the same host, as a page that would overlay the app to clickjack it.
    const attacker = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>Free prize</title></head><body><iframe title="app" src="${base()}/" width="800" height="600"></iframe></body></html>`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const page = await context().newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    try {
      await page.goto(`http://127.0.0.1:${(attacker.address() as { port: number }).port}/`);
      await expect.poll(() => messages.some((text) => text.includes("frame-ancestors 'none'")), { timeout: 10_000 }).toBe(true);
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
      // Chromium shows its error page in the frame instead of the app.
      expect(frame?.url()).toBe('chrome-error://chromewebdata/');
      expect(await frame?.getByText('Welcome to the fixture').count()).toBe(0);
    } finally {
      await page.close();
      attacker.closeAllConnections();
      await new Promise((resolve) => attacker.close(resolve));
    }
  });

  it('finds no serious accessibility violations on any fixture page', async () => {
    await context().addCookies([{ name: 'fixture_admin', value: 'fixture-admin-key', url: base() }]);
    const { page } = await watchedPage(context());
    try {
      for (const path of fixturePages) {
        await page.goto(`${base()}${path}`);
        await page.waitForLoadState('load');
        expect(await page.title(), path).not.toBe('');
        expect(await severeAxeViolations(page), path).toEqual([]);
      }
    } finally {
      await page.close();
    }
  });
}
