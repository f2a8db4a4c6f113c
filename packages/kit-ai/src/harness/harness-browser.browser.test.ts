/**
 * A harness run with the browser sandbox, in Chromium: the agent opens a page of the allowed origin and
 * takes a screenshot, which the run keeps as an artifact, recorded as an event.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, chromiumPath } from '../../../../test-support/browser.js';
import { callText, scriptedLlm } from '../agent/testing/scripted-llm.js';
import { createHarness } from './create-harness.js';
import { MemoryRunStore } from './stores/memory-run-store.js';

let server: Server;
let origin = '';

describe.skipIf(!browserAvailable())('a harness run with the browser sandbox', () => {
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html lang="en"><head><title>Status</title></head><body><h1>All systems normal</h1></body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('saves the screenshot the agent takes as an artifact of the run', async () => {
    const store = new MemoryRunStore();
    const llm = scriptedLlm([
      callText('browser_open', { url: `${origin}/` }),
      callText('browser_screenshot'),
      'The status page says all systems are normal.',
    ]);
    const harness = createHarness({
      store,
      agent: { llm, tools: [] },
      sandbox: { browser: { allowedOrigins: [origin], executablePath: chromiumPath } },
    });
    const run = await harness.start({ goal: 'Check the status page' });
    const result = await run.wait({ timeoutMs: 60_000 });
    await harness.close();
    expect(result.status).toBe('completed');
    const artifacts = await run.artifacts();
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]).toMatchObject({ contentType: 'image/png' });
    const png = (await run.readArtifact(artifacts[0]!.id))!.data;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const events = await store.readEvents(run.id);
    expect(events.filter((event) => event.type === 'artifact').map((event) => event.data)).toMatchObject([{ id: artifacts[0]!.id }]);
    // The page reached the model through the open call's result.
    expect(JSON.stringify(events.find((event) => event.type === 'call_finished')?.data)).toContain('"title":"Status"');
  }, 90_000);
});
