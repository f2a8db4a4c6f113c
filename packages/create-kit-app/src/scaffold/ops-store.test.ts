// An app fresh from each template records its requests in the ops store that the kit ops commands read
// by default (.kit/ops.sqlite): kit dev serves a request, and ops:events, ops:incidents, ops:health and
// ops:tail answer (exit 0) instead of finding no store (exit 3). The app links the repository's
// packages and kit runs in this process from its sources, started from another folder than the app's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '@kit/kit-cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaffoldApp } from './scaffold-app.js';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));

let folder: string;
const saved = { DATABASE_URL: process.env.DATABASE_URL, KIT_OPS_STORE: process.env.KIT_OPS_STORE };
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'create-kit-app-ops-'));
});
afterAll(async () => {
  // kit dev sets KIT_OPS_STORE of the process, where the app reads it.
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(folder, { recursive: true, force: true });
});

/** Runs `kit <args>` in the app's folder; a server runs until `until` matches its output. */
async function kit(
  root: string,
  args: string[],
  until?: { output: RegExp; then(match: RegExpMatchArray): Promise<void> },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stop = new AbortController();
  let stdout = '';
  let stderr = '';
  let started = false;
  const watch = () => {
    const match = until === undefined || started ? null : stdout.match(until.output);
    if (match === null || until === undefined) return;
    started = true;
    void until.then(match).finally(() => stop.abort());
  };
  const io = { write: (text: string) => ((stdout += text), watch()), isTTY: false };
  // The environment of a shell started in the app's folder: no KIT_OPS_STORE, so each app uses its own store.
  const { KIT_OPS_STORE: _other, ...env } = process.env;
  const code = await runCli(args, {
    cwd: root,
    env: { ...env, NO_COLOR: '1' },
    stdout: io,
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    signal: stop.signal,
  });
  return { code, stdout, stderr };
}

describe.each(['blank', 'tickets'] as const)('an app made from the %s template', (template) => {
  it('records its requests in .kit/ops.sqlite, which the kit ops commands read on day one', { timeout: 180_000 }, async () => {
    const { root } = await scaffoldApp({ directory: `ops-${template}`, template, link: repository, cwd: folder });
    // The tickets app opens data/tickets.db of the current folder, unless DATABASE_URL says otherwise.
    process.env.DATABASE_URL = join(root, 'data', 'app.db');
    const path = template === 'blank' ? '/api/hello?name=Ada' : '/api/tickets';
    let status = 0;
    const dev = await kit(root, ['dev', '--port', '0'], {
      output: /dev server at (http:\/\/127\.0\.0\.1:\d+)/,
      then: async ([, url]) => {
        status = (await fetch(`${url}${path}`, { headers: { Accept: 'application/json' } })).status;
      },
    });
    expect(dev.code).toBe(0);
    expect(status).toBeGreaterThan(0);

    const events = await kit(root, ['ops:events', '--json']);
    expect(events.stderr).toBe('');
    expect(events.code).toBe(0);
    const recorded = (JSON.parse(events.stdout) as { kind: string; subject: string }[]).map((event) => `${event.kind} ${event.subject}`);
    expect(recorded).toContain(`request GET ${path.split('?')[0]}`);
    for (const command of ['ops:incidents', 'ops:health']) expect((await kit(root, [command])).code, command).toBe(0);
    const tail = new AbortController();
    setTimeout(() => tail.abort(), 500);
    expect(
      await runCli(['ops:tail'], { cwd: root, env: {}, stdout: { write: () => true }, stderr: { write: () => true }, signal: tail.signal }),
    ).toBe(0);
  });
});
