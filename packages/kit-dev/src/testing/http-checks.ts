import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Role, TaskState, type Part, type SendMessageRequest, type Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sendRaw } from '../../../../test-support/http.js';

/** The chunks of a response body as they arrived, with the time since the request was sent. */
export function timedChunks(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; chunks: { at: number; text: string }[] }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: { at: number; text: string }[] = [];
      response.setEncoding('utf8');
      response.on('data', (text: string) => chunks.push({ at: performance.now() - started, text }));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, chunks }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const html = { accept: 'text/html' };

/** A message to an A2A agent whose one data part names a skill and its input. */
function skillMessage(messageId: string, skill: string, input: unknown): SendMessageRequest {
  const part: Part = {
    content: { $case: 'data', value: { skill, input } },
    metadata: undefined,
    filename: '',
    mediaType: 'application/json',
  };
  return {
    tenant: '',
    message: {
      messageId,
      contextId: '',
      taskId: '',
      role: Role.ROLE_USER,
      parts: [part],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  };
}

/** The route output an A2A task holds in its artifact's data part. */
function taskOutput(task: Task): unknown {
  const part = task.artifacts[0]?.parts.find((candidate) => candidate.content?.$case === 'data');
  return part?.content?.$case === 'data' ? part.content.value : undefined;
}

/**
 * The checks every way of serving the fixture app must pass over real HTTP: the dev server and the
 * production server run the same ones. `base` gives the server's URL once it is listening.
 */
export function fixtureHttpChecks(base: () => string): void {
  const url = (path: string) => `${base()}${path}`;

  it('answers health probes at /_kit/health ahead of the middleware files', async () => {
    const response = await fetch(url('/_kit/health'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // The root _middleware.ts marks every answer of the app; the probe never reaches it.
    expect(response.headers.get('x-fixture-root')).toBeNull();
    expect(await response.json()).toEqual({ status: 'ok' });
    expect((await fetch(url('/_kit/health'), { method: 'POST' })).status).toBe(405);
  });

  it('serves the WebSocket endpoints of kit.config.ts through the middleware files', async () => {
    const socket = new WebSocket(url('/ws/echo').replace(/^http/, 'ws'));
    try {
      const upgrade = await new Promise<IncomingMessage>((resolve, reject) => {
        socket.once('upgrade', resolve);
        socket.once('error', reject);
      });
      // The root _middleware.ts ran on the upgrade request, as on every request of the app.
      expect(upgrade.headers['x-fixture-root']).toBe('yes');
      await new Promise<void>((resolve) => (socket.readyState === WebSocket.OPEN ? resolve() : socket.once('open', () => resolve())));
      const echoed = new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString('utf8'))));
      socket.send('ping');
      expect(await echoed).toBe('echo: ping');
    } finally {
      socket.terminate();
    }
  });

  it('streams the shell with the loading view before the slow ticket page', async () => {
    const { status, chunks } = await timedChunks(url('/tickets/1'), html);
    expect(status).toBe(200);
    const first = (marker: string) => chunks.findIndex((chunk) => chunk.text.includes(marker));
    const loading = first('id="loading"');
    const ticket = first('Printer on fire');
    expect(loading).toBeGreaterThanOrEqual(0);
    expect(ticket).toBeGreaterThan(loading);
    // The loader sleeps 600 ms: the fallback arrives well before the content, even on a busy machine.
    expect(chunks[ticket]!.at - chunks[loading]!.at).toBeGreaterThan(200);
    const text = chunks.map((chunk) => chunk.text).join('');
    expect(text.indexOf('</head>')).toBeLessThan(text.indexOf('id="loading"'));
    expect(text.slice(0, text.indexOf('</head>'))).toMatch(/<link rel="stylesheet" href="\/_kit\/client\/app[^"]*\.css"/);
  });

  it('serves pages of every convention: route group, catch-all, nested layout with its loader', async () => {
    const about = await fetch(url('/about'), { headers: html });
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('<title>About - Fixture tickets</title>');
    const docs = await fetch(url('/docs/guides/setup'), { headers: html });
    expect(await docs.text()).toMatch(/You are reading <!-- -->guides\/setup/);
    const tickets = await (await fetch(url('/tickets'), { headers: html })).text();
    expect(tickets).toMatch(/Ticket desk \(<!-- -->\d+<!-- --> tickets\)/);
    expect(tickets).toContain('Printer on fire');
  });

  it('answers an unknown URL with the not-found page for browsers and a 404 problem for programs', async () => {
    const page = await fetch(url('/no/such/page'), { headers: html });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Page not found');
    const problem = await fetch(url('/no/such/page'), { headers: { accept: 'application/json' } });
    expect(problem.status).toBe(404);
    expect(problem.headers.get('content-type')).toContain('application/problem+json');
    expect(await problem.json()).toMatchObject({ status: 404, detail: expect.stringContaining('/no/such/page') });
  });

  it('renders the error view for a loader that throws', async () => {
    const response = await fetch(url('/boom'), { headers: html });
    const text = await response.text();
    expect(text).toContain('id="error-title"');
    expect(text).not.toContain('This never renders');
  });

  it('serves the API files with validation and the config policy', async () => {
    const list = await fetch(url('/api/tickets'));
    expect(list.status).toBe(200);
    expect(((await list.json()) as { tickets: unknown[] }).tickets.length).toBeGreaterThanOrEqual(2);
    const created = await fetch(url('/api/tickets'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Over HTTP' }),
    });
    expect(created.status).toBe(200);
    const ticket = (await created.json()) as { id: string; title: string };
    expect(ticket.title).toBe('Over HTTP');
    expect(await (await fetch(url(`/api/tickets/${ticket.id}`))).json()).toMatchObject({ title: 'Over HTTP', status: 'open' });
    const invalid = await fetch(url('/api/tickets'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: '' }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ errors: [{ field: 'title' }] });
    const denied = await fetch(url('/api/tickets'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'forbidden' }),
    });
    expect(denied.status).toBe(403);
    const missing = await fetch(url('/api/tickets/999'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
  });

  it('describes the API files in /openapi.json with the config info', async () => {
    const document = (await (await fetch(url('/openapi.json'))).json()) as {
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.info.title).toBe('Fixture tickets');
    expect(Object.keys(document.paths['/api/tickets'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/tickets/{id}'] ?? {})).toEqual(['get']);
  });

  it('serves the API files as MCP tools at /mcp to the official client', async () => {
    const client = new Client({ name: 'kit-dev-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url('/mcp'))));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['get_api_tickets', 'get_api_tickets_id', 'post_api_tickets']);
      const result = await client.callTool({ name: 'get_api_tickets_id', arguments: { id: '1' } });
      expect(result.structuredContent).toMatchObject({ id: '1', title: 'Printer on fire' });
    } finally {
      await client.close();
    }
  });

  it('serves the agent card at both well-known paths, naming the address the client reached', async () => {
    const card = await fetch(url('/.well-known/agent.json'));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(card.headers.get('x-fixture-root')).toBe('yes');
    const text = await card.text();
    expect(await (await fetch(url('/.well-known/agent-card.json'))).text()).toBe(text);
    const body = JSON.parse(text) as {
      name: string;
      description: string;
      version: string;
      url: string;
      supportedInterfaces: { url: string; protocolVersion: string }[];
      skills: { id: string }[];
    };
    expect(body).toMatchObject({
      name: 'Fixture tickets',
      description: 'The kit-dev fixture: tickets for people and agents.',
      version: '1.0.0',
      url: url('/a2a'),
    });
    expect(body.supportedInterfaces.map((entry) => [entry.protocolVersion, entry.url])).toEqual([
      ['1.0', url('/a2a')],
      ['0.3', url('/a2a')],
    ]);
    expect(body.skills.map((skill) => skill.id).sort()).toEqual(['get_api_tickets', 'get_api_tickets_id', 'post_api_tickets']);
    // The card is made from the request: a client that reached the server by another name is sent there.
    const viaLocalhost = await sendRaw(url('/.well-known/agent.json'), { headers: { host: `localhost:${new URL(base()).port}` } });
    expect(viaLocalhost.json().url).toBe(`http://localhost:${new URL(base()).port}/a2a`);
  });

  it('serves the API files as A2A skills at /a2a to the official client, through the middleware and the policies', async () => {
    const client = await new ClientFactory().createFromUrl(base());
    const timeout = { signal: AbortSignal.timeout(5_000) };
    const read = await client.sendMessage(skillMessage('fixture-read', 'get_api_tickets_id', { id: '1' }), timeout);
    expect('id' in read && read.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(taskOutput(read as Task)).toMatchObject({ id: '1', title: 'Printer on fire' });
    const refused = await client.sendMessage(skillMessage('fixture-refused', 'post_api_tickets', { title: 'forbidden' }), timeout);
    expect('id' in refused && refused.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    // A 0.3 client sends no A2A-Version header and 0.3 method names; the root middleware file runs for /a2a too.
    const legacy = await sendRaw(url('/a2a'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","method":"message/send","params":{"message":{"kind":"message","messageId":"fixture-03","role":"user","parts":[{"kind":"data","data":{"skill":"get_api_tickets_id","input":{"id":"2"}}}]}},"id":1}',
    });
    expect(legacy.headers['x-fixture-root']).toBe('yes');
    expect(legacy.json().result).toMatchObject({
      kind: 'task',
      status: { state: 'completed' },
      artifacts: [{ parts: [{ kind: 'data', data: { id: '2' } }, { kind: 'text' }] }],
    });
  });

  it('runs each middleware file only under its folder, authentication included', async () => {
    for (const path of ['/', '/api/tickets', '/no/such/page', '/openapi.json']) {
      const response = await fetch(url(path), { headers: html });
      expect(response.headers.get('x-fixture-root'), path).toBe('yes');
      await response.arrayBuffer();
    }
    const refused = await fetch(url('/admin'), { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const admitted = await fetch(url('/admin'), { headers: { ...html, 'x-admin-key': 'fixture-admin-key' } });
    expect(admitted.status).toBe(200);
    expect(await admitted.text()).toMatch(/Signed in as <!-- -->user:admin/);
    const outside = await fetch(url('/tickets'), { headers: html });
    expect(outside.status).toBe(200);
    await outside.arrayBuffer();
  });

  it('answers the client router with the navigation payload, varying on Kit-Navigation', async () => {
    const response = await fetch(url('/tickets'), { headers: { 'kit-navigation': '1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('vary') ?? '').toMatch(/kit-navigation/i);
    await response.arrayBuffer();
  });

  it('answers other methods on a page with 405 and Allow', async () => {
    const response = await fetch(url('/about'), { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('sends pages with strict security headers, a nonce per page, and API answers with nosniff', async () => {
    const page = await fetch(url('/'), { headers: html });
    const policy = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([\w-]+)'/.exec(policy)?.[1];
    expect(nonce).toMatch(/^[\w-]{36}$/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    for (const script of (await page.text()).match(/<script\b[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`);
    const api = await fetch(url('/api/tickets'), { headers: { accept: 'application/json' } });
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    await api.arrayBuffer();
  });

  it('reads a form posted to a mounted endpoint within the body limit, and refuses one over it or from another origin', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const posted = await sendRaw(url('/feedback'), { method: 'POST', body: 'name=Ada', headers: form });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/about?thanks=Ada');
    const huge = await sendRaw(url('/feedback'), { method: 'POST', body: `name=${'x'.repeat(100 * 1024)}`, headers: form });
    expect(huge.status).toBe(413);
    expect(huge.json().detail).toMatch(/^The request body is larger than 64 KiB;/);
    const other = `http://127.0.0.1:${Number(new URL(base()).port) + 1}`;
    const forged = await sendRaw(url('/feedback'), {
      method: 'POST',
      body: 'name=Eve',
      headers: { ...form, origin: other, cookie: 'fixture_admin=fixture-admin-key' },
    });
    expect(forged.status).toBe(403);
    expect(forged.json().detail).toContain(`add "${other}" to trustedOrigins`);
    const ownPage = await sendRaw(url('/feedback'), {
      method: 'POST',
      body: 'name=Ada',
      headers: { ...form, origin: base(), 'sec-fetch-site': 'same-origin' },
    });
    expect(ownPage.status).toBe(303);
  });

  it('serves public files with their content types and never outside the folder', async () => {
    const robots = await fetch(url('/robots.txt'));
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('User-agent');
    const icon = await fetch(url('/favicon.svg'));
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('etag')).toBeTruthy();
    const revalidated = await fetch(url('/favicon.svg'), { headers: { 'if-none-match': icon.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    for (const path of ['/..%2fkit.config.ts', '/%2e%2e/kit.config.ts', '/.%2e/kit.config.ts', '/..%5ckit.config.ts', '/.hidden']) {
      const escape = await fetch(url(path), { headers: { accept: 'application/json' } });
      expect(escape.status, path).toBe(404);
      expect(await escape.text()).not.toContain('defineConfig');
    }
  });
}
