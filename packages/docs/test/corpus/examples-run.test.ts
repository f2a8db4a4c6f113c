import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample, runnableExamples } from './examples-run.js';

const runnable = runnableExamples().filter((entry) => entry.mode.kind !== 'vitest');
const workDir = mkdtempSync(join(tmpdir(), 'kit-examples-'));

// Examples that call a model server read LLM_BASE_URL: they get this loopback server, which answers
// every Chat Completions request with one short reply.
let modelServer: Server;
let modelUrl = '';

beforeAll(async () => {
  modelServer = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: 'local-model',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => modelServer.listen(0, '127.0.0.1', resolve));
  modelUrl = `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => modelServer.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

describe('corpus examples run', () => {
  it('finds the runnable examples', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(20);
  });

  it.concurrent.each(runnable.map((entry) => [entry.example.id, entry] as const))(
    '%s',
    async (_id, entry) => {
      // Five examples run at once beside the other test files: one that starts a dev server and bundles React
      // takes 3 to 4 s alone and several times that on a loaded two-core machine. A hang still fails.
      const outcome = await runExample(entry, { cwd: workDir, env: { LLM_BASE_URL: modelUrl }, timeoutMs: 45_000 });
      const report = `${entry.example.fileName}\nstdout:\n${outcome.stdout}\nstderr:\n${outcome.stderr}`;
      if (entry.mode.kind === 'exits') {
        expect(outcome.exitCode, report).toBe(0);
      } else {
        expect(outcome.probeStatus, report).toBe(200);
      }
    },
    60_000,
  );
});
