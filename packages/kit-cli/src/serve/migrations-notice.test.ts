import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ticketModel } from '../testing/models.js';
import { createTempApp, runKitInProcess, type KitRun, type TempApp } from '../testing/temp-app.js';

// The servers run in this process (runCli, from the sources) until the test aborts them.
let app: TempApp;
beforeEach(async () => {
  app = await createTempApp({ 'app/models/ticket.ts': ticketModel });
  expect((await runKitInProcess(['db:migrate'], { cwd: app.root })).code).toBe(0);
});
afterEach(() => app.remove());

/** Runs a server command until its output matches `ready`, then stops it as Ctrl-C would. */
async function serveUntil(args: string[], ready: RegExp): Promise<KitRun> {
  const stop = new AbortController();
  let seen = '';
  const check = (text: string) => {
    seen += text;
    if (ready.test(seen)) stop.abort();
  };
  const timer = setTimeout(() => stop.abort(), 60_000);
  try {
    return await runKitInProcess(args, { cwd: app.root, signal: stop.signal, onOutput: check, onError: check });
  } finally {
    clearTimeout(timer);
  }
}

const warning =
  'Warning: sqlite data/app.db does not exist yet and 1 migration of migrations/ is waiting (0001_create_ticket); run kit db:push to apply it, or requests that use its tables fail (such as "no such table").\n';

describe('kit dev and kit start with migrations the database has not applied', () => {
  it('kit dev warns at start-up, naming kit db:push, and says nothing once they are applied', { timeout: 120_000 }, async () => {
    const before = await serveUntil(['dev', '--port', '0'], /dev server at http/);
    expect(before.code).toBe(0);
    expect(before.stderr).toBe(warning);
    expect((await runKitInProcess(['db:push'], { cwd: app.root })).code).toBe(0);
    const after = await serveUntil(['dev', '--port', '0'], /dev server at http/);
    expect(after.stderr).toBe('');
  });

  it('kit start warns at start-up too', { timeout: 120_000 }, async () => {
    expect((await runKitInProcess(['build'], { cwd: app.root })).code).toBe(0);
    const started = await serveUntil(['start', '--port', '0'], /serving http/);
    expect(started.code).toBe(0);
    expect(started.stderr).toBe(warning);
  });
});
