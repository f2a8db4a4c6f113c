import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKitApp, defineAPI } from '@kit/kit-core';
import { createOpsStore } from '@kit/kit-ops';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { copyOfCorpus, eventually, spawnServe, startInProcess, stopProcess } from '../../test/ops/support.js';
import { defaultLimits } from './limits.js';
import { openDocsOps } from './ops-recorder.js';
import { createRequestListener } from './request-listener.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
function opsPath(): string {
  const folder = mkdtempSync(join(tmpdir(), 'kit-docs-opsdb-'));
  folders.push(folder);
  return join(folder, 'ops.sqlite');
}

/** Reads the operations file the way an operator (or `kit ops:*`) would: another connection on the same file. */
function readOps(path: string) {
  const reader = createOpsStore({ path });
  try {
    return {
      reloads: reader
        .query({ kind: 'reload', order: 'asc' })
        .map((event) => [event.status, event.data.reason, typeof event.data.error === 'string' ? 'has error' : 'no error']),
      health: reader.health().map((snapshot) => [snapshot.name, snapshot.status]),
      incidents: reader
        .incidents()
        .map((incident) => [incident.rule, incident.subject, incident.resolvedAt === undefined ? 'open' : 'resolved']),
    };
  } finally {
    reader.close();
  }
}

describe('kit docs records its operations with --ops-db', () => {
  it('records reloads, the content health and an incident while an invalid reload leaves old content serving', async () => {
    const corpus = await copyOfCorpus();
    const path = opsPath();
    const server = await startInProcess({ contentDirectory: corpus.directory, opsDb: path });
    try {
      expect(readOps(path)).toEqual({ reloads: [], health: [['content', 'ok']], incidents: [] });
      const file = join(corpus.directory, 'docs', 'kit-core.md');
      const original = await readFile(file, 'utf8');
      await writeFile(file, original.replace(/^---\n/, '---\ntitle: [unclosed\n'));
      expect(await server.reloader.reload('test: broken front matter')).toBe(false);
      expect(readOps(path)).toEqual({
        reloads: [['error', 'test: broken front matter', 'has error']],
        health: [['content', 'degraded']],
        incidents: [['content-reload-failing', 'content', 'open']],
      });
      const failed = server.ops?.store.query({ kind: 'reload', limit: 1 })[0];
      expect(String(failed?.data.error)).toMatch(/^\d+ problems? in the content$/);
      expect((failed?.data.problems as string[]).some((problem) => /kit-core\.md:\d+: /.test(problem))).toBe(true);
      await writeFile(file, original);
      expect(await server.reloader.reload('test: fixed')).toBe(true);
      expect(readOps(path)).toEqual({
        reloads: [
          ['error', 'test: broken front matter', 'has error'],
          ['ok', 'test: fixed', 'no error'],
        ],
        health: [['content', 'ok']],
        incidents: [['content-reload-failing', 'content', 'resolved']],
      });
    } finally {
      await server.close();
      await corpus.remove();
    }
  });

  it('records requests answered 5xx, and opens route-5xx at the third within a minute', async () => {
    const ops = openDocsOps(opsPath(), pino({ level: 'silent' }));
    const app = createKitApp({
      routes: {
        'GET /api/boom': defineAPI({ handler: async () => Promise.reject(new Error('broken')) }),
        'GET /api/ok': defineAPI({ handler: async () => ({ ok: true }) }),
      },
    });
    const listener = createRequestListener({
      app,
      logger: pino({ level: 'silent' }),
      metrics: { registry: new Registry(), observe: () => undefined },
      limits: defaultLimits,
      mcpHosts: undefined,
      isClosing: () => false,
      onFailedRequest: (info) => ops.requestFailed(info),
    });
    const server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await sendRaw(`${base}/api/ok`)).status).toBe(200);
      for (let index = 0; index < 3; index++)
        expect((await sendRaw(`${base}/api/boom`, { headers: { 'X-Request-Id': `boom-${index}` } })).status).toBe(500);
      // The event is written when the response closes, just after the client has it.
      await eventually(async () => ops.store.query({ kind: 'request' }).length === 3);
      const events = ops.store.query({ kind: 'request', order: 'asc' });
      expect(events.map((event) => [event.subject, event.status, event.correlationId, event.data.httpStatus])).toEqual([
        ['GET /api/boom', 'error', 'boom-0', 500],
        ['GET /api/boom', 'error', 'boom-1', 500],
        ['GET /api/boom', 'error', 'boom-2', 500],
      ]);
      expect(ops.store.incidents({ open: true }).map((incident) => [incident.rule, incident.subject, incident.eventCount])).toEqual([
        ['route-5xx', 'GET /api/boom', 3],
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      ops.close();
    }
  });

  it('is wired to kit-docs serve through OPS_DB: a SIGHUP reload in a real process lands in the file', async () => {
    const corpus = await copyOfCorpus();
    const path = opsPath();
    const serve = await spawnServe(['--workers', '1', '--content', corpus.directory], { OPS_DB: path });
    try {
      serve.child.kill('SIGHUP');
      await eventually(async () => readOps(path).reloads.length === 1);
      expect(readOps(path)).toEqual({ reloads: [['ok', 'SIGHUP', 'no error']], health: [['content', 'ok']], incidents: [] });
    } finally {
      await stopProcess(serve);
      await corpus.remove();
    }
  });
});
