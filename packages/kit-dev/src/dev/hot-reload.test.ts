import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startDevHarness, type DevHarness } from '../testing/dev-harness.js';

let harness: DevHarness;

beforeAll(async () => {
  harness = await startDevHarness();
});

afterAll(async () => {
  await harness?.close();
});

const file = (path: string) => harness.file(path);
const page = (path: string) => harness.page(path);
const after: DevHarness['after'] = (path, change) => harness.after(path, change);

describe('the dev server while route files come and go', () => {
  it('serves an added route file, and 404s it once removed, without a restart', async () => {
    const added = await after('app/routes/fresh.page.tsx', () =>
      writeFile(
        file('app/routes/fresh.page.tsx'),
        'export default function Fresh() {\n  return <><title>Fresh</title><h1>Fresh page</h1></>;\n}\n',
      ),
    );
    expect(added).toMatchObject({ reload: { kind: 'routes', changedFiles: ['app/routes/fresh.page.tsx'] } });
    const served = await page('/fresh');
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('Fresh page');
    expect(harness.dev.manifest?.routes.some((route) => route.file === 'fresh.page.tsx')).toBe(true);

    const removed = await after('app/routes/fresh.page.tsx', () => rm(file('app/routes/fresh.page.tsx')));
    expect(removed).toMatchObject({ reload: { kind: 'routes' } });
    expect((await page('/fresh')).status).toBe(404);
  });

  it('closes open WebSockets with 1001 when the app is rebuilt, and serves the new build on the next connection', async () => {
    const url = `${harness.base.replace(/^http/, 'ws')}/ws/echo`;
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const config = await readFile(file('kit.config.ts'), 'utf8');
    await after('kit.config.ts', () => writeFile(file('kit.config.ts'), config.replace('`echo: ${data}`', '`echo again: ${data}`')));
    try {
      expect(await closed).toBe(1001);
      const again = new WebSocket(url);
      const reply = new Promise<string>((resolve, reject) => {
        again.once('message', (data: Buffer) => resolve(data.toString('utf8')));
        again.once('error', reject);
      });
      again.once('open', () => again.send('ping'));
      expect(await reply).toBe('echo again: ping');
      again.terminate();
    } finally {
      await after('kit.config.ts', () => writeFile(file('kit.config.ts'), config));
    }
  });

  it('adds an API file to the app and its OpenAPI document', async () => {
    await after('app/routes/api/ping', async () => {
      await mkdir(file('app/routes/api/ping'), { recursive: true });
      await writeFile(
        file('app/routes/api/ping/index.api.ts'),
        "import { defineAPI } from '@kit/kit-core';\nexport default defineAPI({ description: 'Pong.', handler: async () => ({ pong: true }) });\n",
      );
    });
    expect(await (await fetch(`${harness.base}/api/ping`)).json()).toEqual({ pong: true });
    const document = (await (await fetch(`${harness.base}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/ping');
    await after('app/routes/api/ping', () => rm(file('app/routes/api/ping'), { recursive: true }));
    expect((await fetch(`${harness.base}/api/ping`)).status).toBe(404);
  });

  it('names the file of a module that breaks on import and of an API file that serves nothing', async () => {
    const thrown = await after('app/routes/exploding.page.tsx', () =>
      writeFile(
        file('app/routes/exploding.page.tsx'),
        "throw new Error('kaboom at import');\nexport default function P() { return null; }\n",
      ),
    );
    expect(thrown).toMatchObject({
      error: { file: 'app/routes/exploding.page.tsx', line: 1, message: expect.stringContaining('kaboom at import') },
    });
    await after('app/routes/exploding.page.tsx', () => rm(file('app/routes/exploding.page.tsx')));
    expect(harness.dev.error).toBeNull();

    const empty = await after('app/routes/empty.api.ts', () => writeFile(file('app/routes/empty.api.ts'), 'export const helper = 1;\n'));
    expect(empty).toMatchObject({
      error: {
        file: 'app/routes/empty.api.ts',
        message: expect.stringContaining('must export a defineAPI definition as GET, POST, PUT, PATCH or DELETE'),
      },
    });
    await after('app/routes/empty.api.ts', () => rm(file('app/routes/empty.api.ts')));
    expect(harness.dev.error).toBeNull();
  });

  it('reports route diagnostics of the latest scan', async () => {
    await after('app/routes/_layuot.tsx', () =>
      writeFile(file('app/routes/_layuot.tsx'), 'export default function L() { return null; }\n'),
    );
    expect(harness.dev.diagnostics).toEqual([expect.objectContaining({ code: 'unknown_convention', files: ['_layuot.tsx'] })]);
    await after('app/routes/_layuot.tsx', () => rm(file('app/routes/_layuot.tsx')));
    expect(harness.dev.diagnostics).toEqual([]);
  });
});
