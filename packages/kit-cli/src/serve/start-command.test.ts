import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempApp, runKit, runKitInProcess, type TempApp } from '../testing/temp-app.js';
import { startKit } from '../testing/running-kit.js';

let app: TempApp;
beforeAll(async () => {
  app = await createTempApp();
  expect((await runKitInProcess(['add', 'api', 'hello'], { cwd: app.root })).code).toBe(0);
});
afterAll(() => app?.remove());

describe('kit build and kit start', () => {
  it('kit start without a build exits 3 and says to build', async () => {
    const result = await runKit(['start', '--port', '0'], { cwd: app.root });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^kit start: startApp: there is no build at .*\.kit\/build \(no manifest\.json\); run buildApp \(kit build\) first/,
    );
  });

  it('builds, then serves the same pages and API, and stops on SIGTERM with exit 0', async () => {
    const built = await runKit(['build'], { cwd: app.root });
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(
      /^Built 1 API route file and 1 page into \.kit\/build\/ \(\d+ files, \d+ ms\)\.\nServe it with kit start\.\n$/,
    );
    const server = startKit(['start', '--port', '0'], app.root);
    try {
      const [, url] = await server.waitFor(/serving (http:\/\/127\.0\.0\.1:\d+)/);
      expect(await (await fetch(`${url}/api/hello?name=Bo`)).json()).toEqual({ message: 'Hello, Bo!' });
      expect(await (await fetch(`${url}/`)).text()).toContain('<title>Home</title>');
      const openapi = (await (await fetch(`${url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(openapi.paths)).toEqual(['/api/hello']);
    } finally {
      expect((await server.stop('SIGTERM')).code).toBe(0);
    }
  });
});
