import { createKitApp } from '@kit/kit-core';
import { harnessRoutes } from '@kit/kit-agent';
import { createHarness, MemoryRunStore, type Harness } from '@kit/kit-ai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postRun, problemMessage, runPath, runsBase, streamFailure } from './run-requests.js';

let harness: Harness;
const sent: RequestInit[] = [];

beforeAll(() => {
  harness = createHarness({
    store: new MemoryRunStore(),
    agent: { llm: { name: 'scripted', chat: async () => ({ content: 'Done.', model: 'scripted-1' }) }, tools: [] },
  });
  const app = createKitApp({ routes: harnessRoutes(harness, { basePath: '/agent/runs', allowAnyone: true }) });
  // The page's relative URLs, answered by the app as if the browser sent them to its own origin.
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    sent.push(init);
    return app.fetch(new Request(new URL(input, 'http://localhost'), init));
  });
});

afterEach(() => {
  sent.length = 0;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await harness.close();
});

describe('the requests of useRun', () => {
  it('post JSON with same-origin credentials to the run routes, and get the run back', async () => {
    const base = runsBase('/agent/runs/');
    expect(base).toBe('/agent/runs');
    const run = await postRun(base, { goal: 'Say done.', metadata: { from: 'test' } });
    expect(run).toMatchObject({ goal: 'Say done.', metadata: { from: 'test' } });
    expect(sent[0]).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' } });
    await (await harness.get(run.id)).wait({ timeoutMs: 5000 });
    expect(runPath(base, 'a/b')).toBe('/agent/runs/a%2Fb');
  });

  it('reject with what the server says when it refuses', async () => {
    const run = await postRun('/agent/runs', { goal: 'Say done.' });
    await (await harness.get(run.id)).wait({ timeoutMs: 5000 });
    await expect(postRun(`${runPath('/agent/runs', run.id)}/cancel`)).rejects.toThrow(/completed|ended/);
    await expect(postRun('/agent/runs', {})).rejects.toThrow(/goal/);
    expect(await streamFailure('/agent/runs', 'nope')).toMatch(/nope/);
    expect(await streamFailure('/agent/runs', run.id)).toBe(`The events of run "${run.id}" are unavailable.`);
  });

  it('read a problem document, or fall back to the status line', async () => {
    expect(await problemMessage(Response.json({ title: 'Conflict' }, { status: 409 }))).toBe('Conflict');
    expect(await problemMessage(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }))).toBe('502 Bad Gateway');
  });
});
