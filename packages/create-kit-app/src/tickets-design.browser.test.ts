// The tickets template's pages as a person sees them in Chromium, at desktop and phone widths: the current
// ticket filter is marked, approvals name the ticket and who asked, a refused sign-up keeps what was typed and
// says what is wrong next to each field, a new API key can be copied and a new attempt replaces the old
// outcome, times say their zone, the ticket list fits a phone, a refusal (403) says so, axe finds nothing
// serious, and with JavaScript off every form of the app still works. The app is scaffolded with the
// repository linked and served by `kit dev`, as in tickets-app.e2e.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, chromiumPath, severeAxeViolations } from '../../../test-support/browser.js';
import { scaffoldLinkedTickets, startKit, type RunningKit } from './testing/kit-process.js';

const repository = fileURLToPath(new URL('../../../', import.meta.url));
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const password = 'correct horse battery';
const longTitle = 'The printer on the third floor jams on the second page of every long document';

describe.runIf(browserAvailable())('the tickets template in Chromium', () => {
  let folder: string;
  let dev: RunningKit;
  let url = '';
  let browser: Browser;
  /** Ada: the first account, so the admin. Her context is reused at both widths. */
  let ada: BrowserContext;
  let page: Page;
  /** What the pages logged as errors (a hydration mismatch is one), minus the failed loads the tests cause on purpose. */
  const consoleErrors: string[] = [];

  /** A page in `context` whose console errors and uncaught exceptions are collected. */
  async function watched(context: BrowserContext): Promise<Page> {
    const opened = await context.newPage();
    opened.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        consoleErrors.push(`${opened.url()}: ${message.text()}`);
    });
    opened.on('pageerror', (error) => consoleErrors.push(`${opened.url()}: ${error.message}`));
    return opened;
  }

  /** A context of its own (its own cookies) in the same browser. */
  const newContext = (viewport: { width: number; height: number }) => browser.newContext({ viewport });

  /** Waits until the client has taken over the server-rendered page, so that clicks are handled by it. */
  async function hydrated(target: Page): Promise<void> {
    await target.waitForLoadState('networkidle');
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'create-kit-app-tickets-design-'));
    const root = await scaffoldLinkedTickets(folder, repository);
    dev = startKit(root, ['dev', '--port', '0']);
    [, url = ''] = await dev.waitFor(/dev server at (http:\/\/127\.0\.0\.1:\d+)/);
    // One browser with several contexts (people with cookies of their own), so not launchBrowser's single
    // persistent context; the same Debian Chromium, with the same quiet flags.
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    ada = await newContext(desktop);
    page = await watched(ada);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dev) expect((await dev.stop()).code).toBe(0);
    await rm(folder, { recursive: true, force: true });
  });

  it(
    'keeps the name and address of a refused sign-up, never the password, with each error next to its field',
    { timeout: 60_000 },
    async () => {
      await page.goto(`${url}/signup`);
      await hydrated(page);
      await page.getByLabel('Name').fill('Admin');
      await page.getByLabel('E-mail').fill('ada@example.com');
      await page.getByLabel('Password').fill('short');
      // The browser's own checks would stop the form first; the server's are the ones under test.
      await page.locator('form[action="/auth/signup"]').evaluate((form) => ((form as HTMLFormElement).noValidate = true));
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/signup\?error=/);
      expect(new URL(page.url()).searchParams.getAll('error')).toEqual(['name-reserved', 'password']);

      const name = page.getByLabel('Name');
      const email = page.getByLabel('E-mail');
      const secret = page.getByLabel('Password');
      expect(await name.inputValue()).toBe('Admin');
      expect(await email.inputValue()).toBe('ada@example.com');
      expect(await secret.inputValue()).toBe('');
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await secret.getAttribute('aria-invalid')).toBe('true');
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      // Each invalid field is described by its own message, which assistive technology reads with it.
      const describedBy = async (field: typeof name) => {
        const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
        return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
      };
      expect((await describedBy(name)).join(' ')).toContain('names of roles and agents');
      expect((await describedBy(secret)).join(' ')).toContain('at least 10 characters');
      await page.getByRole('alert').filter({ hasText: '2 fields need a change' }).waitFor();
      expect(await severeAxeViolations(page)).toEqual([]);

      // The address is kept, and only the name is corrected: the account is made.
      await name.fill('Ada Lovelace');
      await secret.fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'All tickets' }).waitFor();
    },
  );

  it('gives each page its title and description from its meta, and a client navigation replaces them', { timeout: 30_000 }, async () => {
    const opened = await page.request.post(`${url}/api/tickets`, { data: { title: 'Projector has no signal' }, headers: { Origin: url } });
    expect(opened.status()).toBe(201);
    await page.goto(`${url}/tickets`);
    await hydrated(page);
    const appTitle = (await page.title()).replace(/^Tickets · /, '');
    expect(await page.title()).toBe(`Tickets · ${appTitle}`);
    const description = () =>
      page.locator('head meta[name="description"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')));
    expect(await description()).toEqual([expect.stringContaining('A help desk for people and their agents')]);
    // A client navigation (no document load) to a ticket: its meta reads the ticket's title from the loader data.
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.getByRole('link', { name: 'Projector has no signal' }).first().click();
    await page.getByRole('heading', { name: 'Projector has no signal' }).waitFor();
    expect(await page.title()).toBe(`Projector has no signal · ${appTitle}`);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before);
    // The layout's tags are replaced, not repeated.
    expect(await description()).toHaveLength(1);
    expect(await page.locator('head title').count()).toBe(1);
    await page.goBack();
    await page.getByRole('heading', { name: 'All tickets' }).waitFor();
    expect(await page.title()).toBe(`Tickets · ${appTitle}`);
  });

  it('marks the current ticket filter with aria-current, also after moving between filters in the page', { timeout: 30_000 }, async () => {
    await page.goto(`${url}/tickets`);
    await hydrated(page);
    const filters = page.getByRole('navigation', { name: 'Ticket filters' });
    const current = () => filters.locator('[aria-current="page"]').allTextContents();
    expect(await current()).toEqual([expect.stringMatching(/^All/)]);
    await filters.getByRole('link', { name: /^Open/ }).click();
    await page.getByRole('heading', { name: 'Open tickets' }).waitFor();
    expect(await current()).toEqual([expect.stringMatching(/^Open/)]);
    await filters.getByRole('link', { name: /^Closed/ }).click();
    await page.getByRole('heading', { name: 'Closed tickets' }).waitFor();
    expect(await current()).toEqual([expect.stringMatching(/^Closed/)]);
    // The current filter looks different from the others, not only to assistive technology.
    const style = (name: RegExp) =>
      filters
        .getByRole('link', { name })
        .evaluate((link) => `${getComputedStyle(link).backgroundColor} ${getComputedStyle(link).fontWeight}`);
    expect(await style(/^Closed/)).not.toBe(await style(/^Open/));
  });

  it('shows a copy button with a new API key, and a new attempt shows only its own outcome', { timeout: 30_000 }, async () => {
    await ada.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await page.goto(`${url}/keys`);
    await hydrated(page);
    await page.getByLabel('Agent name').fill('triage-bot');
    await page.getByRole('button', { name: 'Make key' }).click();
    const shown = page.getByTestId('new-key');
    const key = (await shown.textContent()) ?? '';
    expect(key).toMatch(/^kit_/);
    await page.getByRole('button', { name: 'Copy the key of triage-bot' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The same name again is refused: the refusal replaces the key shown before.
    await page.getByLabel('Agent name').fill('triage-bot');
    await page.getByRole('button', { name: 'Make key' }).click();
    await page.getByRole('alert').filter({ hasText: 'is taken' }).waitFor();
    expect(await shown.count()).toBe(0);
    // And a key made after that replaces the refusal.
    await page.getByLabel('Agent name').fill('night-owl');
    await page.getByRole('button', { name: 'Make key' }).click();
    await shown.waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'is taken' }).count()).toBe(0);
    expect(await severeAxeViolations(page)).toEqual([]);

    // The agent opens a ticket and asks to close it, which waits for Ada's approval.
    const agent = (method: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
    const opened = await agent('POST', '/api/tickets', { title: 'Disk almost full on the build server', priority: 'high' });
    expect(opened.ok).toBe(true);
    const { id } = (await opened.json()) as { id: string };
    const held = await agent('POST', `/api/tickets/${id}/close`, { resolution: 'Removed old build artifacts' });
    expect(held.status).toBe(202);
  });

  it('names the ticket and who asked on the approvals page', { timeout: 30_000 }, async () => {
    await page.goto(`${url}/approvals`);
    await hydrated(page);
    const title = page.getByRole('link', { name: 'Disk almost full on the build server' });
    await title.waitFor();
    expect(await title.getAttribute('href')).toMatch(/^\/tickets\/[^/]+$/);
    const requester = (await page.getByTestId('requester').textContent()) ?? '';
    expect(requester).toContain('triage-bot');
    expect(requester).toContain('Ada Lovelace');
    await page.getByRole('button', { name: 'Approve: Close ticket "Disk almost full on the build server"' }).waitFor();
  });

  it('shows every time with its zone, the same on the server and in the browser', { timeout: 30_000 }, async () => {
    // A person opens a ticket with a long title through the form, as the phone test below needs one.
    await page.goto(`${url}/tickets`);
    await hydrated(page);
    const form = page.getByRole('form', { name: 'New ticket' });
    await form.getByLabel('Title').fill(longTitle);
    await form.getByRole('button', { name: 'Open ticket' }).click();
    await page.getByRole('link', { name: longTitle }).waitFor();

    for (const path of ['/tickets', '/approvals', '/keys']) {
      // The server's HTML, before any script runs, already says the zone.
      const html = await (await page.request.get(`${url}${path}`)).text();
      expect(html, path).toMatch(/<time datetime="[^"]+Z">[^<]+ UTC<\/time>/i);
      await page.goto(`${url}${path}`);
      await hydrated(page);
      const times = await page
        .locator('time')
        .evaluateAll((elements) =>
          elements.map((element) => ({ datetime: element.getAttribute('datetime') ?? '', text: element.textContent ?? '' })),
        );
      expect(times.length, path).toBeGreaterThan(0);
      for (const time of times) {
        expect(time.datetime, path).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
        expect(time.text, path).toMatch(/ UTC$/);
      }
    }
    // The browser runs in another zone than UTC; the text is still the one the server wrote.
    const tokyo = await browser.newContext({ viewport: desktop, timezoneId: 'Asia/Tokyo', storageState: await ada.storageState() });
    try {
      const elsewhere = await watched(tokyo);
      await elsewhere.goto(`${url}/tickets`);
      await hydrated(elsewhere);
      const server = await (await elsewhere.request.get(`${url}/tickets`)).text();
      const shown = await elsewhere.locator('time').first().textContent();
      expect(server).toContain(`>${shown}</time>`);
    } finally {
      await tokyo.close();
    }
  });

  it('fits the ticket list on a phone, without squeezing the titles', { timeout: 30_000 }, async () => {
    const small = await browser.newContext({ viewport: phone, storageState: await ada.storageState() });
    try {
      const onPhone = await watched(small);
      await onPhone.goto(`${url}/tickets`);
      await hydrated(onPhone);
      const overflow = await onPhone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const title = onPhone.getByRole('link', { name: longTitle });
      const box = await title.evaluate((link) => (link.parentElement ?? link).getBoundingClientRect().width);
      expect(box).toBeGreaterThan(phone.width * 0.75);
      // A title of 80 characters takes a few lines at most, not one word per line.
      const lines = await title.evaluate((link) =>
        Math.round(link.getBoundingClientRect().height / parseFloat(getComputedStyle(link).lineHeight)),
      );
      expect(lines).toBeLessThanOrEqual(3);
    } finally {
      await small.close();
    }
  });

  it('heads a refusal (403) with what happened and a way on, not "Something went wrong"', { timeout: 30_000 }, async () => {
    const graceContext = await newContext(desktop);
    try {
      const grace = await watched(graceContext);
      await grace.goto(`${url}/signup`);
      await hydrated(grace);
      await grace.getByLabel('Name').fill('Grace Hopper');
      await grace.getByLabel('E-mail').fill('grace@example.com');
      await grace.getByLabel('Password').fill(password);
      await grace.getByRole('button', { name: 'Create account' }).click();
      await grace.getByRole('heading', { name: 'All tickets' }).waitFor();
      const refused = await grace.goto(`${url}/approvals`);
      expect(refused?.status()).toBe(403);
      const heading = (await grace.getByRole('heading', { level: 1 }).textContent()) ?? '';
      expect(heading).not.toMatch(/something went wrong/i);
      expect(heading).toBe('Not allowed');
      await grace.getByRole('link', { name: 'Back to the tickets' }).waitFor();
      expect(await severeAxeViolations(grace)).toEqual([]);

      // A refused sign-in keeps the address, never the password.
      await graceContext.clearCookies();
      await grace.goto(`${url}/login`);
      await hydrated(grace);
      await grace.getByLabel('E-mail').fill('grace@example.com');
      await grace.getByLabel('Password').fill('not the password');
      await grace.getByRole('button', { name: 'Sign in' }).click();
      await grace.waitForURL(/\/login\?error=credentials/);
      expect(await grace.getByLabel('E-mail').inputValue()).toBe('grace@example.com');
      expect(await grace.getByLabel('Password').inputValue()).toBe('');
      expect(await grace.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
      expect(await grace.getByLabel('Password').getAttribute('aria-describedby')).toBe('login-error');
    } finally {
      await graceContext.close();
    }
  });

  it(
    'works with JavaScript off: opening and closing tickets, making and revoking keys and approving are form posts',
    { timeout: 90_000 },
    async () => {
      const context = await browser.newContext({ viewport: desktop, javaScriptEnabled: false });
      try {
        const plain = await watched(context);
        await plain.goto(`${url}/login`);
        await plain.getByLabel('E-mail').fill('ada@example.com');
        await plain.getByLabel('Password').fill(password);
        await plain.getByRole('button', { name: 'Sign in' }).click();
        await plain.getByRole('heading', { name: 'All tickets' }).waitFor();

        // Three spaces pass the browser's length check but not the route's trimmed minimum: the page comes back
        // (400) with the route's message and what was typed.
        const form = plain.getByRole('form', { name: 'New ticket' });
        await form.getByLabel('Title').fill('   ');
        await form.getByLabel('Description').fill('Kept after the refusal');
        const refused = plain.waitForResponse((response) => response.request().method() === 'POST');
        await form.getByRole('button', { name: 'Open ticket' }).click();
        expect((await refused).status()).toBe(400);
        await plain.getByRole('alert').filter({ hasText: 'The title' }).waitFor();
        expect(await form.getByLabel('Description').inputValue()).toBe('Kept after the refusal');
        const title = 'Scanner offline, sent without scripts';
        await form.getByLabel('Title').fill(title);
        await form.getByRole('button', { name: 'Open ticket' }).click();
        await plain
          .getByRole('status')
          .filter({ hasText: `Opened “${title}”` })
          .waitFor();
        expect(await form.getByLabel('Title').inputValue()).toBe('');

        // Closing answers with a redirect to the ticket, so a reload never sends the form again.
        await plain.getByRole('link', { name: title }).first().click();
        await plain.getByRole('heading', { name: title }).waitFor();
        await plain.getByLabel('Resolution').fill('Restarted the scanner');
        await plain.getByRole('button', { name: 'Close ticket' }).click();
        await plain.getByText('Resolution: Restarted the scanner').waitFor();
        expect(await plain.getByTestId('status').textContent()).toBe('closed');

        // A key is shown once, on the page the form's post answers with.
        await plain.goto(`${url}/keys`);
        await plain.getByLabel('Agent name').fill('no-script-bot');
        await plain.getByRole('button', { name: 'Make key' }).click();
        const key = (await plain.getByTestId('new-key').textContent()) ?? '';
        expect(key).toMatch(/^kit_/);

        // The agent's close waits for a person; Ada approves it with the page's plain form.
        const agent = (method: string, path: string, body?: unknown) =>
          fetch(`${url}${path}`, {
            method,
            headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const agentTitle = 'Badge reader beeps, closed by an agent';
        const opened = (await (await agent('POST', '/api/tickets', { title: agentTitle })).json()) as { id: string };
        expect((await agent('POST', `/api/tickets/${opened.id}/close`, { resolution: 'Reset the reader' })).status).toBe(202);
        await plain.goto(`${url}/approvals`);
        const approve = plain.getByRole('button', { name: `Approve: Close ticket "${agentTitle}"` });
        await approve.click();
        await plain.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
        expect(await approve.count()).toBe(0);
        expect((await agent('POST', `/api/tickets/${opened.id}/close`, { resolution: 'Reset the reader' })).status).toBe(200);

        // Revoking is a one-button form; the key stops working at once.
        await plain.goto(`${url}/keys`);
        await plain.getByRole('button', { name: 'Revoke the key of no-script-bot' }).click();
        await plain.getByRole('heading', { name: 'API keys for your agents' }).waitFor();
        expect((await agent('GET', '/api/me')).status).toBe(401);
      } finally {
        await context.close();
      }
    },
  );

  it('has no serious or critical axe finding on the main pages at desktop and phone widths', { timeout: 120_000 }, async () => {
    await page.goto(`${url}/tickets`);
    const ticketPath = (await page.getByRole('link', { name: longTitle }).getAttribute('href')) ?? '';
    expect(ticketPath).toMatch(/^\/tickets\//);
    const anonymousContext = await newContext(desktop);
    try {
      const anonymous = await watched(anonymousContext);
      for (const viewport of [desktop, phone]) {
        await page.setViewportSize(viewport);
        await anonymous.setViewportSize(viewport);
        for (const [visitor, path] of [
          [page, '/'],
          [page, '/tickets'],
          [page, ticketPath],
          [page, '/approvals'],
          [page, '/keys'],
          [anonymous, '/'],
          [anonymous, '/login'],
          [anonymous, '/signup'],
        ] as const) {
          await visitor.goto(`${url}${path}`);
          await hydrated(visitor);
          expect(await severeAxeViolations(visitor), `${path} at ${viewport.width} px`).toEqual([]);
        }
      }
    } finally {
      await page.setViewportSize(desktop);
      await anonymousContext.close();
    }
    expect(consoleErrors).toEqual([]);
  });
});
