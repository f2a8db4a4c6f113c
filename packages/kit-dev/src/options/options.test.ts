import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';
import { createDevServer } from '../dev/create-dev-server.js';
import { KitDevError } from '../errors/kit-dev-error.js';
import { buildApp } from '../prod/build-app.js';
import { startApp } from '../prod/start-app.js';

let root: string;

async function app(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(root, 'app-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  await symlink(fileURLToPath(new URL('../../../../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir');
  return dir;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-options-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('option checks', () => {
  it('refuses bad options at creation, naming the option, the value and the fix', () => {
    const cases: [Parameters<typeof createDevServer>[0], string][] = [
      [{ root: join(root, 'nowhere') }, 'root'],
      [{ root, routesDir: 'app/routes' }, 'there is no route folder'],
      [{ root, routesDir: '' }, 'routesDir must be a non-empty path'],
      [{ root, port: 70000 }, 'port must be an integer from 0 to 65535'],
      [{ root, host: '' }, 'host must be an address'],
      [{ root, conditions: ['ok', ''] }, 'conditions must be a list of non-empty strings'],
      [{ root, debounceMs: -1 }, 'debounceMs must be a number'],
      [{ root, a2a: 'no' as unknown as boolean }, 'a2a must be true or false (false leaves out /a2a and the agent card), got "no"'],
    ];
    for (const [options, text] of cases) {
      const error = thrownBy(() => createDevServer({ routesDir: '.', ...options }), KitDevError);
      expect(error.code).toBe('invalid_option');
      expect(error.message).toContain('createDevServer: ');
      expect(error.message).toContain(text);
    }
  });

  it('refuses to build an app whose routes have errors or whose sources do not parse', async () => {
    const conflicting = await app({
      'app/routes/(a)/x.page.tsx': 'export default function A() { return null; }\n',
      'app/routes/(b)/x.page.tsx': 'export default function B() { return null; }\n',
    });
    const routes = await rejectionOf(buildApp({ root: conflicting }), KitDevError);
    expect(routes.code).toBe('route_errors');
    expect(routes.message).toContain('route_conflict');

    const broken = await app({ 'app/routes/index.page.tsx': 'export default function P() {\n  return <p>{</p>;\n}\n' });
    const build = await rejectionOf(buildApp({ root: broken }), KitDevError);
    expect(build.code).toBe('build_failed');
    expect(build.location).toMatchObject({ file: 'app/routes/index.page.tsx', line: 2 });
    expect(build.message).toMatch(/^buildApp: app\/routes\/index\.page\.tsx:2:\d+: /);
  });

  it('serves A2A and its card unless a2a is false, and leaves an app that serves its own card to it', async () => {
    const api =
      "import { defineAPI } from '@kit/kit-core';\nexport const GET = defineAPI({ description: 'Says hello.', handler: async () => ({ hello: 'world' }) });\n";
    const json = { accept: 'application/json' };
    const rpc = {
      method: 'POST',
      headers: { ...json, 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"message/send","params":{}}',
    };
    const plain = await app({ 'app/routes/api/hello.api.ts': api });
    const off = createDevServer({ root: plain, port: 0, log: false, a2a: false });
    try {
      const { url } = await off.listen();
      expect((await fetch(`${url}/api/hello`)).status).toBe(200);
      expect((await fetch(`${url}/.well-known/agent.json`, { headers: json })).status).toBe(404);
      expect((await fetch(`${url}/.well-known/agent-card.json`, { headers: json })).status).toBe(404);
      expect((await fetch(`${url}/a2a`, rpc)).status).toBe(404);
    } finally {
      await off.close();
    }

    const config =
      "import { defineAPI, defineConfig } from '@kit/kit-core';\nexport default defineConfig({ routes: { 'GET /.well-known/agent.json': defineAPI({ handler: async () => ({ name: 'its own card' }) }) } });\n";
    const own = await app({ 'app/routes/api/hello.api.ts': api, 'kit.config.ts': config });
    await buildApp({ root: own });
    const started = await startApp({ root: own, port: 0, log: false });
    try {
      expect(await (await fetch(`${started.url}/.well-known/agent.json`)).json()).toEqual({ name: 'its own card' });
      expect((await fetch(`${started.url}/.well-known/agent-card.json`, { headers: json })).status).toBe(404);
      expect((await fetch(`${started.url}/a2a`, rpc)).status).toBe(404);
    } finally {
      await started.close();
    }
  });

  it('refuses to start without a build, and says so when the port is taken', async () => {
    const empty = await app({});
    const missing = await rejectionOf(startApp({ root: empty, port: 0, log: false }), KitDevError);
    expect(missing.code).toBe('build_missing');
    expect(missing.message).toContain('run buildApp (kit build) first');

    const built = await app({
      'app/routes/index.api.ts':
        "import { defineAPI } from '@kit/kit-core';\nexport const GET = defineAPI({ handler: async () => ({ ok: true }) });\n",
    });
    await buildApp({ root: built });
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const taken = await rejectionOf(startApp({ root: built, port, log: false }), KitDevError);
      expect(taken.code).toBe('listen_failed');
      expect(taken.message).toContain(`port ${port} is taken`);
    } finally {
      blocker.close();
    }
    const server = await startApp({ root: built, port: 0, log: false });
    try {
      expect(await (await fetch(`${server.url}/`)).json()).toEqual({ ok: true });
    } finally {
      await server.close();
    }
  });
});
