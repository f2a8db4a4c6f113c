import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempApp, runKitInProcess, type TempApp } from '../testing/temp-app.js';
import { startKit } from '../testing/running-kit.js';

let app: TempApp;
beforeAll(async () => {
  app = await createTempApp();
});
afterAll(() => app?.remove());

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('kit dev', () => {
  it('serves the pages, serves an API added with kit add at once, and stops on Ctrl-C with exit 0', async () => {
    const dev = startKit(['dev', '--port', '0'], app.root);
    try {
      const [, url] = await dev.waitFor(/dev server at (http:\/\/127\.0\.0\.1:\d+)/);
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Home</title>');
      expect((await fetch(`${url}/api/hello`)).status).toBe(404);

      expect((await runKitInProcess(['add', 'api', 'hello'], { cwd: app.root })).code).toBe(0);
      const answer = await until(async () => {
        const response = await fetch(`${url}/api/hello?name=Ada`);
        return response.status === 200 ? ((await response.json()) as unknown) : undefined;
      });
      expect(answer).toEqual({ message: 'Hello, Ada!' });
    } finally {
      const stopped = await dev.stop('SIGINT');
      expect(stopped.code).toBe(0);
      expect(stopped.stderr).toBe('');
    }
  });

  it('refuses a bad port (exit 2)', async () => {
    expect(await runKitInProcess(['dev', '--port', 'eighty'], { cwd: app.root })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'kit dev: the port must be a whole number from 0 to 65535 (0 picks a free one); got "eighty"\n',
    });
  });
});
