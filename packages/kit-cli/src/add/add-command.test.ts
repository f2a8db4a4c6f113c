import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKitApp, type AnyAPIDefinition, type PolicyDefinition } from '@kit/kit-core';
import { Model } from '@kit/kit-db';
import { scanRoutes } from '@kit/kit-router';
import { createTempApp, runKitInProcess, type TempApp } from '../testing/temp-app.js';

let app: TempApp;
beforeEach(async () => {
  app = await createTempApp();
});
afterEach(() => app.remove());

const kit = (...args: string[]) => runKitInProcess(args, { cwd: app.root });
const read = (path: string) => readFileSync(join(app.root, path), 'utf8');

describe('kit add api', () => {
  it('writes a GET route that the router accepts and kit-core serves with its schemas', async () => {
    const result = await kit('add', 'api', 'hello');
    expect(result).toEqual({
      code: 0,
      stdout:
        "Created app/routes/api/hello.api.ts: GET /api/hello\nTry it: kit dev, then curl 'http://127.0.0.1:3000/api/hello?name=Ada'\n",
      stderr: '',
    });
    const manifest = await scanRoutes(join(app.root, 'app/routes'));
    expect(manifest.diagnostics).toEqual([]);
    expect(manifest.routes.map((route) => [route.kind, route.pattern, route.file])).toContainEqual([
      'api',
      '/api/hello',
      'api/hello.api.ts',
    ]);

    const module = (await import(join(app.root, 'app/routes/api/hello.api.ts'))) as { default: AnyAPIDefinition };
    expect(module.default.description).toBe('Hello endpoint: returns a greeting for the name given.');
    const served = createKitApp({ routes: { 'GET /api/hello': module.default } });
    const response = await served.fetch(new Request('http://app.test/api/hello?name=Ada'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Hello, Ada!' });
    expect(await (await served.fetch(new Request('http://app.test/api/hello'))).json()).toEqual({ message: 'Hello, world!' });
    expect((await served.fetch(new Request('http://app.test/api/hello?name='))).status).toBe(400);
    const operation = served.openapi().paths['/api/hello']?.get as { description?: string; responses: Record<string, unknown> } | undefined;
    expect(operation?.description).toBe('Hello endpoint: returns a greeting for the name given.');
  });

  it('nests names, takes [param] segments into the input and drops a leading api/', async () => {
    expect((await kit('add', 'api', 'admin/users')).stdout.split('\n')[0]).toBe(
      'Created app/routes/api/admin/users.api.ts: GET /api/admin/users',
    );
    expect((await kit('add', 'api', 'tickets/[id]')).stdout).toBe(
      "Created app/routes/api/tickets/[id].api.ts: GET /api/tickets/:id\nTry it: kit dev, then curl 'http://127.0.0.1:3000/api/tickets/1?name=Ada'\n",
    );
    expect((await kit('add', 'api', 'api/ping')).stdout.split('\n')[0]).toBe('Created app/routes/api/ping.api.ts: GET /api/ping');
    const manifest = await scanRoutes(join(app.root, 'app/routes'));
    expect(manifest.diagnostics).toEqual([]);
    expect(
      manifest.routes
        .filter((route) => route.kind === 'api')
        .map((route) => route.pattern)
        .sort(),
    ).toEqual(['/api/admin/users', '/api/ping', '/api/tickets/:id']);

    const module = (await import(join(app.root, 'app/routes/api/tickets/[id].api.ts'))) as { default: AnyAPIDefinition };
    const served = createKitApp({ routes: { 'GET /api/tickets/:id': module.default } });
    expect(await (await served.fetch(new Request('http://app.test/api/tickets/42?name=Bo'))).json()).toEqual({
      message: 'Hello, Bo!',
      id: '42',
    });
  });

  it('describes the route by its name and by what it returns, for the MCP tool agents choose by', async () => {
    await kit('add', 'api', 'tickets');
    await kit('add', 'api', 'admin/user-settings/[id]');
    const tickets = (await import(join(app.root, 'app/routes/api/tickets.api.ts'))) as { default: AnyAPIDefinition };
    const settings = (await import(join(app.root, 'app/routes/api/admin/user-settings/[id].api.ts'))) as { default: AnyAPIDefinition };
    expect(tickets.default.description).toBe('Tickets endpoint: returns a greeting for the name given.');
    expect(settings.default.description).toBe(
      'Admin user settings endpoint: returns a greeting for the name given, with the id from the URL.',
    );
    const served = createKitApp({ routes: { 'GET /api/tickets': tickets.default } });
    expect(served.registry.routes.map((route) => route.definition.description)).toEqual([
      'Tickets endpoint: returns a greeting for the name given.',
    ]);
    expect(read('app/routes/api/tickets.api.ts')).not.toMatch(/TODO/i);
  });

  it('refuses to overwrite a file, or to serve a URL another file serves, writing nothing', async () => {
    await kit('add', 'api', 'hello');
    const before = read('app/routes/api/hello.api.ts');
    await app.write('app/routes/api/hello.api.ts', `${before}// edited\n`);
    expect(await kit('add', 'api', 'hello')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'kit add: app/routes/api/hello.api.ts already exists; kit add never overwrites a file: choose another name, or delete the file first\n',
    });
    expect(read('app/routes/api/hello.api.ts')).toBe(`${before}// edited\n`);

    await app.write('app/routes/api/status/index.api.ts', read('app/routes/api/hello.api.ts'));
    expect(await kit('add', 'api', 'status')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'kit add: /api/status is already served by app/routes/api/status/index.api.ts; choose another name, or change that file\n',
    });
    expect(existsSync(join(app.root, 'app/routes/api/status.api.ts'))).toBe(false);
    await app.write('app/routes/pricing/index.page.tsx', read('app/routes/index.page.tsx'));
    expect((await kit('add', 'page', 'pricing')).stderr).toBe(
      'kit add: /pricing is already served by app/routes/pricing/index.page.tsx; choose another name, or change that file\n',
    );
  });
});

describe('kit add page', () => {
  it('writes a page component with its title, at the URL its name gives', async () => {
    expect(await kit('add', 'page', 'about')).toEqual({
      code: 0,
      stdout: 'Created app/routes/about.page.tsx: page /about\nOpen it: kit dev, then http://127.0.0.1:3000/about\n',
      stderr: '',
    });
    expect(read('app/routes/about.page.tsx')).toContain('export default function AboutPage() {');
    expect(read('app/routes/about.page.tsx')).toContain('<title>About</title>');
    expect((await kit('add', 'page', 'admin/user-settings')).stdout.split('\n')[0]).toBe(
      'Created app/routes/admin/user-settings.page.tsx: page /admin/user-settings',
    );
    expect(read('app/routes/admin/user-settings.page.tsx')).toContain('export default function AdminUserSettingsPage() {');
    expect(read('app/routes/admin/user-settings.page.tsx')).toContain('<title>User settings</title>');
    expect((await kit('add', 'page', '(marketing)/pricing')).stdout.split('\n')[0]).toBe(
      'Created app/routes/(marketing)/pricing.page.tsx: page /pricing',
    );
    const manifest = await scanRoutes(join(app.root, 'app/routes'));
    expect(manifest.diagnostics).toEqual([]);
    expect(manifest.routes.map((route) => route.pattern).sort()).toEqual(['/', '/about', '/admin/user-settings', '/pricing']);
  });
});

describe('kit add model and policy', () => {
  it('writes a defineModel whose default and named exports are the model', async () => {
    expect(await kit('add', 'model', 'support-ticket')).toEqual({
      code: 0,
      stdout:
        'Created app/models/support-ticket.ts: model supportTicket (table support_ticket)\nNext: add its fields, then kit db:migrate and kit db:push.\n',
      stderr: '',
    });
    const module = (await import(join(app.root, 'app/models/support-ticket.ts'))) as { default: unknown; supportTicket: unknown };
    expect(module.default).toBeInstanceOf(Model);
    expect(module.supportTicket).toBe(module.default);
    expect((module.default as Model<string, never>).name).toBe('supportTicket');
  });

  it('names a variable that would be a reserved word after its kind', async () => {
    await kit('add', 'model', 'delete');
    expect(read('app/models/delete.ts')).toContain("export const deleteModel = defineModel('delete', {");
  });

  it('writes a definePolicy that denies anonymous callers and lets signed-in ones through', async () => {
    const result = await kit('add', 'policy', 'owner-only');
    expect(result.stdout).toBe(
      "Created app/policies/owner-only.ts: policy \"owner-only\"\nNext: in kit.config.ts, import ownerOnly from './app/policies/owner-only.js' and add it to policies: [ownerOnly];\nthen name it from a route: defineAPI({ policy: 'owner-only', ... }).\n",
    );
    const { default: policy } = (await import(join(app.root, 'app/policies/owner-only.ts'))) as { default: PolicyDefinition };
    expect([policy.key, policy.title, policy.effect]).toEqual(['owner-only', 'Owner only', 'deny']);
    const request = new Request('http://app.test/');
    expect(await policy.check({ ctx: { requestId: 'r1', authType: 'anonymous', request } })).toEqual({
      applies: true,
      reason: 'sign in first',
    });
    expect(
      await policy.check({
        ctx: { requestId: 'r2', authType: 'human', request, auth: { subject: 'u1', method: 'session', permissions: [] } },
      }),
    ).toEqual({ applies: false });
  });
});

describe('names', () => {
  it('refuses bad names with the corrected one, and exits 2', async () => {
    expect(await kit('add', 'api', 'Hello_World')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'kit add: "Hello_World" is not a valid api name: "Hello_World" must be kebab case (owner-only) or camel case (ownerOnly), or a [param]; try hello-world\n',
    });
    expect((await kit('add', 'policy', 'admin/owner-only')).stderr).toBe(
      'kit add: a policy name is one word, not a path: "admin/owner-only"; every policy lives in app/policies/ (try owner-only)\n',
    );
    expect((await kit('add', 'model', '9lives')).stderr).toBe(
      'kit add: "9lives" is not a valid model name: "9lives" must be kebab case (owner-only) or camel case (ownerOnly); try lives\n',
    );
    expect((await kit('add', 'page', 'docs/[...rest]')).stderr).toBe(
      'kit add: "docs/[...rest]": catch-all segments ([...rest]) are not scaffolded; create the file by hand (pages only)\n',
    );
    expect((await kit('add', 'widget', 'x')).stderr).toBe(
      'kit add: unknown kind "widget"; kit add creates api, page, model or policy: kit add api hello\n',
    );
    expect((await kit('add', 'modle', 'x')).stderr).toBe(
      'kit add: unknown kind "modle"; did you mean model? kit add creates api, page, model or policy: kit add api hello\n',
    );
    for (const args of [
      ['add', 'api', 'Hello_World'],
      ['add', 'model', 'a/b'],
      ['add', 'widget', 'x'],
    ])
      expect((await kit(...args)).code).toBe(2);
  });

  it('accepts camel case', async () => {
    expect((await kit('add', 'policy', 'ownerOnly')).stdout.split('\n')[0]).toBe('Created app/policies/ownerOnly.ts: policy "ownerOnly"');
  });

  it('tells which packages the new file needs when the app lacks them', async () => {
    const bare = await createTempApp();
    try {
      const { rm } = await import('node:fs/promises');
      await rm(join(bare.root, 'node_modules'));
      const result = await runKitInProcess(['add', 'api', 'hello'], { cwd: bare.root });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(
        'Note: app/routes/api/hello.api.ts imports @kit/kit-core or zod, which the app does not have yet: npm install @kit/kit-core zod\n',
      );
    } finally {
      await bare.remove();
    }
  });
});
