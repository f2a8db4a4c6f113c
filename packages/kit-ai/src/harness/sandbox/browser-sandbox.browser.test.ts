/**
 * The browser sandbox in Chromium, against two servers on 127.0.0.1: the allowed origin serves the pages,
 * the foreign one records every request it gets and must get none, whatever the pages try (links,
 * redirects, redirect chains, fetch, images, popups).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, chromiumPath } from '../../../../../test-support/browser.js';
import { failure } from '../../testing/failure.js';
import type { AgentTool } from '../../tools/types.js';
import type { ArtifactRecord, NewArtifact } from '../types.js';
import { createBrowserSandbox, type BrowserSandbox } from './browser-sandbox.js';

const run = browserAvailable();

let allowed: Server;
let foreign: Server;
let allowedOrigin = '';
let foreignOrigin = '';
const foreignHits: string[] = [];

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
}

function page(path: string, query: URLSearchParams): { status: number; location?: string; body?: string } {
  switch (path) {
    case '/':
      return {
        status: 200,
        body: html(
          'Home',
          `<h1>Welcome</h1><p>Hidden <span style="display:none">secret-hidden</span>text</p><a href="/form">Go to the form</a> <a href="${foreignOrigin}/leave">Leave</a> <a href="/form" target="_blank">Form in a new tab</a>`,
        ),
      };
    case '/form':
      return {
        status: 200,
        body: html('Search', '<form action="/result"><label>Query <input name="q"></label><button type="submit">Search</button></form>'),
      };
    case '/result':
      return { status: 200, body: html('Result', `<main><p id="answer">You searched: ${query.get('q') ?? ''}</p></main>`) };
    case '/redirect-out':
      return { status: 302, location: `${foreignOrigin}/landed` };
    case '/redirect-chain':
      return { status: 302, location: '/redirect-out' };
    case '/redirect-in':
      return { status: 302, location: '/result?q=redirected' };
    case '/reaches-out':
      return {
        status: 200,
        body: html(
          'Reaches out',
          `<img src="${foreignOrigin}/pixel.png" alt="pixel"><p id="done">pending</p><script>
            Promise.allSettled([fetch('${foreignOrigin}/fetched'), fetch('/redirect-out'), fetch('${foreignOrigin}/beacon', { method: 'POST', body: 'x', mode: 'no-cors' })])
              .then((outcomes) => { document.getElementById('done').textContent = 'settled: ' + outcomes.map((outcome) => outcome.status).join(','); });
          </script>`,
        ),
      };
    case '/long':
      return { status: 200, body: html('Long', `<p>${'word '.repeat(400)}</p>`) };
    default:
      return { status: 404, body: html('Not found', '<p>Not found</p>') };
  }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  allowed = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const answer = page(url.pathname, url.searchParams);
    response.writeHead(answer.status, {
      'content-type': 'text/html; charset=utf-8',
      ...(answer.location === undefined ? {} : { location: answer.location }),
    });
    response.end(answer.body ?? '');
  });
  foreign = createServer((request, response) => {
    foreignHits.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' });
    response.end(html('Foreign', '<p>You reached the foreign origin.</p>'));
  });
  allowedOrigin = await listen(allowed);
  foreignOrigin = await listen(foreign);
});

afterAll(async () => {
  await new Promise((resolve) => allowed?.close(resolve));
  await new Promise((resolve) => foreign?.close(resolve));
});

describe.skipIf(!run)('createBrowserSandbox (Chromium)', () => {
  let sandbox: BrowserSandbox;
  const saved: NewArtifact[] = [];
  const tool = (name: string): AgentTool => sandbox.tools.find((candidate) => candidate.name === name)!;
  const call = (name: string, args: Record<string, unknown> = {}): Promise<unknown> => tool(name).execute(args);

  beforeAll(async () => {
    sandbox = await createBrowserSandbox({
      allowedOrigins: [`${allowedOrigin}/`],
      executablePath: chromiumPath,
      navigationTimeoutMs: 10_000,
      saveArtifact: async (artifact): Promise<ArtifactRecord> => {
        saved.push(artifact);
        return {
          id: `artifact-${saved.length}`,
          runId: 'run-1',
          name: artifact.name,
          contentType: artifact.contentType,
          size: artifact.data.byteLength,
          createdAt: new Date().toISOString(),
        };
      },
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    // Whatever the pages tried, the foreign origin never heard from the browser.
    expect(foreignHits).toEqual([]);
  });

  it('offers the five tools, and asks for a page before acting on one', async () => {
    expect(sandbox.tools.map((candidate) => candidate.name)).toEqual([
      'browser_open',
      'browser_click',
      'browser_type',
      'browser_text',
      'browser_screenshot',
    ]);
    expect(tool('browser_open').description).toContain(allowedOrigin);
    const error = await failure(call('browser_text'));
    expect(error.message).toBe('browser_text: no page is open; open one with browser_open first.');
  });

  it('opens a page, reads its visible text, follows a link by its text and submits a form', async () => {
    expect(await call('browser_open', { url: `${allowedOrigin}/` })).toEqual({ url: `${allowedOrigin}/`, title: 'Home', status: 200 });
    const home = (await call('browser_text')) as { text: string; truncated: boolean };
    expect(home.text).toContain('Welcome');
    expect(home.text).toContain('Hidden text');
    expect(home.text).not.toContain('secret-hidden');
    expect(home.truncated).toBe(false);

    expect(await call('browser_click', { text: 'Go to the form' })).toEqual({ url: `${allowedOrigin}/form`, title: 'Search', matched: 1 });
    expect(await call('browser_type', { selector: 'input[name=q]', text: 'kit sandbox', submit: true })).toEqual({
      url: `${allowedOrigin}/result?q=kit+sandbox`,
      title: 'Result',
    });
    expect(await call('browser_text', { selector: '#answer' })).toMatchObject({ text: 'You searched: kit sandbox' });

    await call('browser_open', { url: `${allowedOrigin}/form` });
    await call('browser_type', { selector: 'input[name=q]', text: 'clicked' });
    expect(await call('browser_click', { selector: 'button[type=submit]' })).toMatchObject({ url: `${allowedOrigin}/result?q=clicked` });
  });

  it('follows a redirect that stays on the allowed origin', async () => {
    expect(await call('browser_open', { url: `${allowedOrigin}/redirect-in` })).toMatchObject({
      url: `${allowedOrigin}/result?q=redirected`,
      status: 200,
    });
  });

  it('says clearly when an element is not there or a selector is malformed', async () => {
    await call('browser_open', { url: `${allowedOrigin}/form` });
    expect((await failure(call('browser_click', { text: 'No such button' }))).message).toBe(
      'browser_click: nothing on the page matches the text "No such button"; read the page with browser_text and try another.',
    );
    expect((await failure(call('browser_type', { selector: '[[[', text: 'x' }))).message).toContain('is not a valid selector');
    expect((await failure(call('browser_click', {}))).code).toBe('invalid_arguments');
  });

  it('saves a screenshot as a PNG artifact and returns its record', async () => {
    await call('browser_open', { url: `${allowedOrigin}/` });
    const record = (await call('browser_screenshot', { fullPage: true })) as ArtifactRecord;
    expect(record).toMatchObject({ id: 'artifact-1', runId: 'run-1', contentType: 'image/png' });
    expect(record.name).toMatch(/^screenshot-.*\.png$/);
    const artifact = saved[0]!;
    expect(artifact.contentType).toBe('image/png');
    expect([...artifact.data.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(record.size).toBe(artifact.data.byteLength);
  });

  it('refuses to open a URL of another origin, or a file:, data: or javascript: URL, before navigating', async () => {
    await call('browser_open', { url: `${allowedOrigin}/` });
    for (const url of [`${foreignOrigin}/direct`, 'file:///etc/passwd', 'data:text/html,<p>hi</p>', 'javascript:alert(1)']) {
      const error = await failure(call('browser_open', { url }));
      expect(error.code).toBe('sandbox_refused');
      expect(error.message).toContain(`Only http and https pages of the allowed origins can be opened: ${allowedOrigin}.`);
    }
    // The page did not move.
    expect(await call('browser_text', { selector: 'h1' })).toMatchObject({ url: `${allowedOrigin}/`, text: 'Welcome' });
  });

  it('ends a navigation redirected to another origin in a refusal, without reaching it', async () => {
    for (const path of ['/redirect-out', '/redirect-chain']) {
      const error = await failure(call('browser_open', { url: `${allowedOrigin}${path}` }));
      expect(error.code).toBe('sandbox_refused');
      expect(error.message).toBe(
        `browser_open: the page tried to go to ${foreignOrigin}/landed, which is not on an allowed origin; the request was blocked and did not reach it, and the page was cleared. Only these origins can be visited: ${allowedOrigin}.`,
      );
      expect(await call('browser_text')).toMatchObject({ url: 'about:blank', text: '' });
    }
    expect(foreignHits).toEqual([]);
  });

  it('refuses a click on a link to another origin', async () => {
    await call('browser_open', { url: `${allowedOrigin}/` });
    const error = await failure(call('browser_click', { text: 'Leave' }));
    expect(error.code).toBe('sandbox_refused');
    expect(error.message).toContain(`the page tried to go to ${foreignOrigin}/leave, which is not on an allowed origin`);
    expect(foreignHits).toEqual([]);
  });

  it('blocks what a page fetches or loads from another origin, redirects included, and lists it', async () => {
    const opened = (await call('browser_open', { url: `${allowedOrigin}/reaches-out` })) as { blockedRequests?: string[] };
    expect(opened.blockedRequests).toEqual(expect.arrayContaining([`${foreignOrigin}/pixel.png`]));
    // The script's fetches settle after the load: each was refused (the one through a redirect too).
    expect(await settledText(tool('browser_text'))).toBe('settled: rejected,rejected,rejected');
    expect(foreignHits).toEqual([]);
  });

  it('moves to a page a click opens in a new tab', async () => {
    await call('browser_open', { url: `${allowedOrigin}/` });
    await call('browser_click', { text: 'Form in a new tab' });
    // The click waits a moment for the tab; on a slow machine it may come later, and the next call finds it.
    await expect
      .poll(async () => call('browser_text', { selector: 'label' }), { timeout: 5_000 })
      .toMatchObject({ url: `${allowedOrigin}/form`, text: 'Query' });
  });

  it('cuts long text at maxTextChars, and without saveArtifact says screenshots need a harness', async () => {
    const small = await createBrowserSandbox({ allowedOrigins: [allowedOrigin], executablePath: chromiumPath, maxTextChars: 50 });
    try {
      const byName = (name: string): AgentTool => small.tools.find((candidate) => candidate.name === name)!;
      await byName('browser_open').execute({ url: `${allowedOrigin}/long` });
      expect(await byName('browser_text').execute({})).toMatchObject({ text: 'word '.repeat(10), truncated: true });
      const error = await failure(byName('browser_screenshot').execute({}));
      expect(error.message).toBe(
        'browser_screenshot: screenshots are saved as artifacts of a harness run, and this browser sandbox was made without saveArtifact (outside a harness); read the page with browser_text instead.',
      );
    } finally {
      await small.close();
    }
    await small.close();
    expect((await failure(small.tools[0]!.execute({ url: `${allowedOrigin}/` }))).message).toBe(
      'browser_open: the browser sandbox is closed; the run execution that used it has ended.',
    );
  });
});

/** Polls the #done paragraph of /reaches-out until its script has written how its requests settled. */
async function settledText(textTool: AgentTool): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { text } = (await textTool.execute({ selector: '#done' })) as { text: string };
    if (text.startsWith('settled')) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the page never finished its requests');
}
