import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { eventually, spawnServe, stopProcess, type ServeProcess } from './support.js';

/** Pids of the workers that logged that they serve. */
function servingPids(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((line) => line.includes('"msg":"serving"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

describe('kit-docs serve --workers', () => {
  let serve: ServeProcess | undefined;
  afterEach(() => stopProcess(serve));

  it('serves from several workers, replaces one that dies, and stops them all on SIGTERM', async () => {
    serve = await spawnServe(['--workers', '2']);
    await serve.waitFor(() => servingPids(serve!.stdout()).length === 2);
    const [first, second] = servingPids(serve.stdout());
    expect(first).not.toBe(second);
    expect((await sendRaw(`${serve.base}/api/health`)).status).toBe(200);

    process.kill(first!, 'SIGKILL');
    await serve.waitFor(() => servingPids(serve!.stdout()).length === 3);
    expect(serve.stderr()).toMatch(new RegExp(`worker ${first} exited \\(SIGKILL\\); starting a replacement`));
    await eventually(async () => {
      for (let i = 0; i < 10; i++) if ((await sendRaw(`${serve!.base}/api/search?q=workers`)).status !== 200) return false;
      return true;
    });

    // Each request on a new connection, so the primary spreads them over both workers; /metrics
    // still counts them all, whichever worker answers the scrape.
    for (let i = 0; i < 20; i++)
      expect((await sendRaw(`${serve.base}/api/docs?slug=kit-core`, { headers: { connection: 'close' } })).status).toBe(200);
    const metrics = await sendRaw(`${serve.base}/metrics`);
    const count = Number(/kit_docs_http_requests_total\{route="\/api\/docs",method="GET",status="200"\} (\d+)/.exec(metrics.text)?.[1]);
    expect(count).toBeGreaterThanOrEqual(20);

    const stopping = Date.now();
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    // Well within the grace period after which the primary would kill its workers.
    expect(Date.now() - stopping).toBeLessThan(8_000);
    for (const pid of servingPids(serve.stdout())) expect(() => process.kill(pid, 0)).toThrow();
  });
});
