// The tickets template end to end, as a newcomer would use it: create-kit-app writes it into a temporary
// folder with the repository's packages linked, `kit verify` passes, `kit db:push` makes the tables, and
// under `kit dev` a person works in Chromium while an agent works over HTTP and MCP with an API key. Then
// `kit build` and `kit start` serve the same app. Slow steps are marked SLOW with their usual time.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, severeAxeViolations, type TestBrowser } from '../../../test-support/browser.js';
import { runCreateKitApp } from './cli/run.js';
import { connectKitMcp, runKit, startKit, type RunningKit } from './testing/kit-process.js';

const repository = fileURLToPath(new URL('../../../', import.meta.url));

let folder: string;
let root: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'create-kit-app-tickets-'));
  root = join(folder, 'help-desk');
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A JSON call as an agent makes it, with its API key. */
async function agentCall(
  url: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('create-kit-app help-desk --template tickets --link <repository>', () => {
  it('writes the tickets app with its migrations, its own .env and the db:push step', async () => {
    let stdout = '';
    const code = await runCreateKitApp(['help-desk', '--template', 'tickets', '--link', repository], {
      cwd: folder,
      env: {},
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      interactive: false,
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Created help-desk \(template tickets, kit 0\.1\.0\) in .*help-desk: \d+ files/);
    expect(stdout).toContain('  npm run db:push\n  npm run dev');
    expect(await readFile(join(root, 'migrations/0001_init.sql'), 'utf8')).toContain('CREATE TABLE "ticket"');
    expect(await readFile(join(root, '.env'), 'utf8')).toMatch(/^SESSION_SECRET=[A-Za-z0-9_-]{64}$/m);
    expect(await readFile(join(root, '.gitignore'), 'utf8')).toContain('.env');
  });

  it('passes every step of kit verify', { timeout: 90_000 }, async () => {
    // SLOW: about 15 s (tsc, a build, the app's own tests).
    const run = await runKit(root, ['verify', '--json'], 90_000);
    const report = JSON.parse(run.stdout) as { ok: boolean; steps: { name: string; status: string }[] };
    expect(report.steps.map((step) => `${step.name}:${step.status}`)).toEqual([
      'structure:pass',
      'routes:pass',
      'types:pass',
      'load:pass',
      'migrations:pass',
      'policies:pass',
      'contract:pass',
      'tests:pass',
    ]);
    expect(report.ok).toBe(true);
    expect(run.code).toBe(0);
  });

  it(
    'fails kit verify at the migrations step when a model changes without a migration, and kit db:migrate writes the migration it asks for',
    { timeout: 90_000 },
    async () => {
      const modelFile = join(root, 'app/models/ticket.ts');
      const model = await readFile(modelFile, 'utf8');
      await writeFile(
        modelFile,
        model
          .replace('  resolution: text().optional(),', '  resolution: text().optional(),\n  dueOn: date().optional(),')
          .replace('import { datetime,', 'import { date, datetime,'),
      );
      // SLOW: about 6 s (tsc, incremental, and a build).
      const stale = JSON.parse((await runKit(root, ['verify', '--json'], 90_000)).stdout) as {
        failedStep: number;
        steps: { problems: { file?: string; message: string }[] }[];
      };
      expect(stale.failedStep).toBe(5);
      expect(stale.steps[4]?.problems[0]?.message).toContain('dueOn');
      const migrate = await runKit(root, ['db:migrate', '--name', 'due date']);
      expect(migrate.code).toBe(0);
      expect(migrate.stdout).toContain('migrations/0003_due_date.sql');
      expect((await runKit(root, ['db:migrate', '--check'])).code).toBe(0);
    },
  );

  it('creates its tables with kit db:push', async () => {
    const push = await runKit(root, ['db:push']);
    expect(push.code).toBe(0);
    expect(push.stdout).toContain('Applied 3 migrations to sqlite data/tickets.db');
    expect((await runKit(root, ['db:status', '--check'])).code).toBe(0);
  });

  describe('under kit dev', () => {
    let dev: RunningKit;
    let url: string;
    let browser: TestBrowser | undefined;
    let agentKey = '';
    beforeAll(async () => {
      dev = startKit(root, ['dev', '--port', '0']);
      [, url = ''] = await dev.waitFor(/dev server at (http:\/\/127\.0\.0\.1:\d+)/);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      expect((await dev.stop()).code).toBe(0);
    });

    it.runIf(browserAvailable())(
      'lets a person sign up, open and close tickets, make an agent key and approve what the agent asks',
      { timeout: 90_000 },
      async () => {
        browser = await launchBrowser();
        const page = await browser.context.newPage();
        const consoleErrors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        page.on('pageerror', (error) => consoleErrors.push(error.message));

        // A signed-out visitor of a page for people is sent to sign in, with the way back in `next`.
        const signInFirst = await page.goto(`${url}/tickets`);
        expect(signInFirst?.status()).toBe(200);
        expect(page.url()).toBe(`${url}/login?next=%2Ftickets`);
        await page.getByRole('link', { name: 'create an account' }).click();
        await page.getByLabel('Name').fill('Ada Lovelace');
        await page.getByLabel('E-mail').fill('ada@example.com');
        await page.getByLabel('Password').fill('correct horse battery');
        await page.getByRole('button', { name: 'Create account' }).click();
        await page.getByRole('heading', { name: 'All tickets' }).waitFor();
        expect(await severeAxeViolations(page)).toEqual([]);

        // Opening a ticket refreshes the list in place: the page is not loaded again.
        await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
        const form = page.getByRole('form', { name: 'New ticket' });
        await form.getByLabel('Title').fill('Printer jams on page two');
        await form.getByLabel('Priority').selectOption('high');
        await form.getByRole('button', { name: 'Open ticket' }).click();
        await page.getByRole('link', { name: 'Printer jams on page two' }).click();
        await page.getByRole('heading', { name: 'Printer jams on page two' }).waitFor();
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
        await page.getByLabel('Resolution').fill('Replaced the roller');
        await page.getByRole('button', { name: 'Close ticket' }).click();
        await page.getByText('Resolution: Replaced the roller').waitFor();
        expect(await page.getByTestId('status').textContent()).toBe('closed');

        await page.getByRole('link', { name: 'API keys' }).click();
        await page.getByLabel('Agent name').fill('triage-bot');
        await page.getByRole('button', { name: 'Make key' }).click();
        agentKey = (await page.getByTestId('new-key').textContent()) ?? '';
        expect(agentKey).toMatch(/^kit_/);
        expect(await severeAxeViolations(page)).toEqual([]);

        // The agent, over HTTP with its key: it opens a ticket, and its close waits for a person.
        expect((await agentCall(url, agentKey, 'GET', '/api/me')).json).toMatchObject({ authType: 'agent', name: 'triage-bot (agent)' });
        const opened = await agentCall(url, agentKey, 'POST', '/api/tickets', {
          title: 'Disk almost full on the build server',
          priority: 'high',
        });
        expect(opened.status).toBe(201);
        const ticketId = String(opened.json.id);
        const held = await agentCall(url, agentKey, 'POST', `/api/tickets/${ticketId}/close`, {
          resolution: 'Removed old build artifacts',
        });
        expect(held.status).toBe(202);
        const statusUrl = String(held.json.statusUrl);
        expect((await agentCall(url, agentKey, 'GET', statusUrl)).json).toMatchObject({ status: 'pending' });

        // The person sees the request on the ticket and approves it on /approvals.
        await page.goto(`${url}/tickets/${ticketId}`);
        await page.getByText('Waiting for approval to close it: triage-bot').waitFor();
        await page.getByRole('link', { name: 'Review' }).click();
        await page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
        expect(await severeAxeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: /^Approve: Close ticket/ }).click();
        await page.getByText('No agent is waiting for a decision.').waitFor();

        expect((await agentCall(url, agentKey, 'GET', statusUrl)).json).toMatchObject({ status: 'approved' });
        const closed = await agentCall(url, agentKey, 'POST', `/api/tickets/${ticketId}/close`, {
          resolution: 'Removed old build artifacts',
        });
        expect(closed.status).toBe(200);
        expect(closed.json).toMatchObject({ status: 'closed', openedBy: 'triage-bot (agent)' });
        await page.goto(`${url}/tickets?status=closed`);
        await page.getByRole('link', { name: 'Disk almost full on the build server' }).waitFor();

        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect(await severeAxeViolations(page)).toEqual([]);
        expect(consoleErrors).toEqual([]);
      },
    );

    it.runIf(browserAvailable())(
      'serves the same API to the official MCP client over HTTP with the API key',
      { timeout: 30_000 },
      async () => {
        expect(agentKey).toMatch(/^kit_/);
        const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${agentKey}` } },
        });
        const client = new Client({ name: 'tickets-e2e', version: '1.0.0' });
        await client.connect(transport);
        try {
          const { tools } = await client.listTools();
          expect(tools.map((tool) => tool.name)).toEqual(
            expect.arrayContaining(['get_api_tickets', 'post_api_tickets', 'post_api_tickets_id_close', 'get_api_me']),
          );
          const result = await client.callTool({ name: 'get_api_tickets', arguments: { status: 'closed' } });
          const items = (result.structuredContent as { items: { title: string }[] }).items;
          expect(items.map((item) => item.title).sort()).toEqual(['Disk almost full on the build server', 'Printer jams on page two']);
        } finally {
          await client.close();
        }
      },
    );

    it('asks anonymous callers for credentials and refuses a bad key, with problems', async () => {
      const anonymous = await fetch(`${url}/api/tickets`, { headers: { Accept: 'application/json' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
      expect(anonymous.headers.get('content-type')).toContain('application/problem+json');
      expect((await agentCall(url, 'kit_nope_0000', 'GET', '/api/tickets')).status).toBe(401);
    });
  });

  it('serves the same tickets after kit build with kit start', { timeout: 60_000 }, async () => {
    const build = await runKit(root, ['build']);
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/^Built 8 API route files and 7 pages into \.kit\/build\//);
    const server = startKit(root, ['start', '--port', '0']);
    try {
      const [, url] = await server.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+)/);
      const signedIn = await fetch(`${url}/auth/login`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'ada@example.com', password: 'correct horse battery' }),
        redirect: 'manual',
      });
      expect(signedIn.status).toBe(303);
      const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      const page = await fetch(`${url}/tickets`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Printer jams on page two');
      // The home page is kept for visitors who are not signed in, and never shared with a signed-in person.
      const home = () => fetch(`${url}/`, { headers: { Accept: 'text/html' } });
      expect((await home()).headers.get('kit-page-cache')).toBe('miss');
      const kept = await home();
      expect(kept.headers.get('kit-page-cache')).toBe('hit');
      expect(await kept.text()).toContain('Create an account');
      const mine = await fetch(`${url}/`, { headers: { Accept: 'text/html', Cookie: cookie } });
      expect(mine.headers.get('kit-page-cache')).toBeNull();
      expect(await mine.text()).toContain('See the open tickets');
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  });

  it("lists the app's tools to the official MCP client with kit mcp", { timeout: 60_000 }, async () => {
    const client = await connectKitMcp(root, 'tickets-e2e');
    try {
      const { tools } = await client.listTools();
      // The assistant's run routes are for the ticket page only (agents: false): no tools for them.
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'get_api_approvals',
        'get_api_assistant',
        'get_api_keys',
        'get_api_me',
        'get_api_tickets',
        'get_api_tickets_id',
        'patch_api_tickets_id',
        'post_api_approvals_id_decision',
        'post_api_keys',
        'post_api_keys_id_revoke',
        'post_api_tickets',
        'post_api_tickets_id_close',
      ]);
      // Over stdio nobody is signed in, so the policies refuse the tickets.
      const refused = await client.callTool({ name: 'get_api_tickets', arguments: {} });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
