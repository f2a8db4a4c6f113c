import { join } from 'node:path';
import { createOpsStore, type OpsStore } from '@kit/kit-ops';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempApp, runKitInProcess, type TempApp } from '../testing/temp-app.js';

let app: TempApp;
let store: OpsStore;
beforeEach(async () => {
  app = await createTempApp();
  store = createOpsStore({
    path: join(app.root, '.kit', 'ops.sqlite'),
    rules: [{ name: 'job-failing', match: { kind: 'job.run', status: 'error' }, open: { count: 2, withinMs: 3_600_000 } }],
  });
});
afterEach(async () => {
  store.close();
  await app.remove();
});

const kit = (...args: string[]) => runKitInProcess(args, { cwd: app.root });

function recordSample(): void {
  store.record({
    kind: 'request',
    subject: 'GET /api/tickets',
    status: 'ok',
    durationMs: 12.4,
    at: Date.parse('2026-01-05T10:00:00Z'),
    data: { method: 'GET', path: '/api/tickets', httpStatus: 200 },
  });
  store.record({
    kind: 'error',
    subject: 'POST /api/tickets',
    status: 'error',
    at: Date.parse('2026-01-05T10:01:00Z'),
    correlationId: 'req-7',
    data: { message: 'database is locked', code: 'query_failed' },
  });
  store.record({
    kind: 'policy',
    subject: 'DELETE /api/tickets/:id',
    status: 'denied',
    at: Date.parse('2026-01-05T10:02:00Z'),
    data: { policy: 'owner-only', allowed: false, reason: 'sign in first' },
  });
}

describe('kit ops:events', () => {
  it('lists the events newest first with their payload in one line', async () => {
    recordSample();
    expect(await kit('ops:events')).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        '3 events, newest first (store: .kit/ops.sqlite):',
        '  AT                    KIND     STATUS  SUBJECT                  DURATION  DETAILS',
        '  2026-01-05T10:02:00Z  policy   denied  DELETE /api/tickets/:id            policy=owner-only allowed=false reason=sign in first',
        '  2026-01-05T10:01:00Z  error    error   POST /api/tickets                  message=database is locked code=query_failed',
        '  2026-01-05T10:00:00Z  request  ok      GET /api/tickets         12 ms     method=GET path=/api/tickets httpStatus=200',
        '',
      ].join('\n'),
    });
  });

  it('filters by kind, status, subject, correlation and time, and limits', async () => {
    recordSample();
    const lines = async (...args: string[]) =>
      (await kit('ops:events', ...args)).stdout
        .split('\n')
        .slice(2, -1)
        .map((line) => line.split(/\s{2,}/)[2]);
    expect(await lines('--kind', 'error', '--kind', 'policy')).toEqual(['policy', 'error']);
    expect(await lines('--status', 'ok')).toEqual(['request']);
    expect(await lines('--subject', 'POST /api/tickets')).toEqual(['error']);
    expect(await lines('--correlation', 'req-7')).toEqual(['error']);
    expect(await lines('--since', '2026-01-05T10:01:00Z')).toEqual(['policy', 'error']);
    expect(await lines('--until', '2026-01-05T10:01:00Z')).toEqual(['request']);
    expect((await kit('ops:events', '--limit', '1')).stdout.split('\n')[0]).toBe(
      '1 event, newest first (store: .kit/ops.sqlite; --limit 1 reached):',
    );
    expect((await kit('ops:events', '--kind', 'job.run')).stdout).toBe('No events match (store: .kit/ops.sqlite).\n');
  });

  it('takes --since as a duration back from now', async () => {
    const now = Date.now();
    store.record({ kind: 'reload', subject: 'content', status: 'ok', at: now - 2 * 3_600_000 });
    store.record({ kind: 'reload', subject: 'content', status: 'error', at: now - 10 * 60_000, data: { error: 'bad front matter' } });
    const events = JSON.parse((await kit('ops:events', '--since', '1h', '--json')).stdout) as { status: string; data: unknown }[];
    expect(events.map((event) => [event.status, event.data])).toEqual([['error', { error: 'bad front matter' }]]);
    expect(JSON.parse((await kit('ops:events', '--since', '3h', '--json')).stdout)).toHaveLength(2);
  });

  it('prints the events as the store returns them with --json', async () => {
    recordSample();
    const result = await kit('ops:events', '--json', '--kind', 'error');
    expect(JSON.parse(result.stdout)).toEqual([
      {
        id: 2,
        at: '2026-01-05T10:01:00.000Z',
        kind: 'error',
        subject: 'POST /api/tickets',
        status: 'error',
        correlationId: 'req-7',
        data: { message: 'database is locked', code: 'query_failed' },
      },
    ]);
  });

  it('explains bad options (exit 2) and a missing store (exit 3)', async () => {
    expect(await kit('ops:events', '--since', 'yesterday')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'kit ops:events: --since takes a duration back from now (30s, 15m, 1h, 7d, 2w) or an ISO date or time (2026-11-23, 2026-11-23T08:00:00Z); got "yesterday"\n',
    });
    expect((await kit('ops:events', '--kind', 'eror')).stderr).toBe(
      'kit ops:events: --kind "eror" is not a kind of event; did you mean error? The kinds are request, policy, approval, agent.run, tool.call, job.run, reload or error.\n',
    );
    expect((await kit('ops:events', '--limit', '0')).stderr).toBe(
      'kit ops:events: --limit must be a whole number from 1 to 10000; got "0"\n',
    );
    const missing = join(app.root, 'nowhere.sqlite');
    expect(await kit('ops:events', '--store', missing)).toEqual({
      code: 3,
      stdout: '',
      stderr: `kit ops:events: there is no ops store at ${missing}; an app records one with createOpsStore({ path: '.kit/ops.sqlite' }) of @kit/kit-ops. Pass --store <file> (or set KIT_OPS_STORE) to read another\n`,
    });
  });

  it('reads the store named by KIT_OPS_STORE, and never prunes what the app keeps', async () => {
    const other = join(app.root, 'var', 'ops.sqlite');
    const old = createOpsStore({ path: other, retention: { maxAgeDays: 3650 } });
    old.record({ kind: 'reload', subject: 'content', status: 'ok', at: Date.now() - 400 * 86_400_000 });
    old.close();
    const result = await runKitInProcess(['ops:events', '--json'], { cwd: app.root, env: { KIT_OPS_STORE: other } });
    expect(JSON.parse(result.stdout)).toHaveLength(1);
    const again = await runKitInProcess(['ops:events', '--json'], { cwd: app.root, env: { KIT_OPS_STORE: other } });
    expect(JSON.parse(again.stdout)).toHaveLength(1);
  });
});

describe('kit ops:incidents', () => {
  beforeEach(() => {
    const at = Date.parse('2026-01-05T09:00:00Z');
    for (const [subject, offset] of [
      ['nightly-report', 0],
      ['nightly-report', 60_000],
      ['weekly-digest', 120_000],
      ['weekly-digest', 180_000],
    ] as const) {
      store.record({ kind: 'job.run', subject, status: 'error', at: at + offset, data: { job: subject, error: 'timeout' } });
    }
    store.record({ kind: 'job.run', subject: 'weekly-digest', status: 'ok', at: at + 240_000, data: { job: 'weekly-digest' } });
  });

  it('lists incidents newest first, open and resolved', async () => {
    expect(await kit('ops:incidents')).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        '2 incidents (1 open), newest first (store: .kit/ops.sqlite):',
        '  ID  STATE     RULE         SUBJECT         KIND     OPENED                RESOLVED              EVENTS',
        '  2   resolved  job-failing  weekly-digest   job.run  2026-01-05T09:03:00Z  2026-01-05T09:04:00Z  2',
        '  1   open      job-failing  nightly-report  job.run  2026-01-05T09:01:00Z  -                     2',
        '',
      ].join('\n'),
    });
  });

  it('filters, and exits 1 with --check while one is open', async () => {
    const ids = async (...args: string[]) =>
      (JSON.parse((await kit('ops:incidents', '--json', ...args)).stdout) as { id: number }[]).map((incident) => incident.id);
    expect(await ids('--open')).toEqual([1]);
    expect(await ids('--resolved')).toEqual([2]);
    expect(await ids('--subject', 'weekly-digest')).toEqual([2]);
    expect(await ids('--since', '2026-01-05T09:02:00Z')).toEqual([2]);
    expect((await kit('ops:incidents', '--open', '--check')).code).toBe(1);
    expect((await kit('ops:incidents', '--resolved', '--check')).code).toBe(0);
    expect((await kit('ops:incidents', '--open', '--resolved')).stderr).toBe(
      'kit ops:incidents: --open and --resolved exclude each other; give one, or neither for both\n',
    );
  });
});

describe('kit ops:health', () => {
  it('shows the latest snapshot per component and exits 1 when one is not ok', async () => {
    expect(await kit('ops:health')).toEqual({
      code: 0,
      stderr: '',
      stdout: 'No health snapshots recorded yet (store: .kit/ops.sqlite); the app records them with store.snapshot(name, status).\n',
    });
    store.snapshot('database', 'ok');
    store.snapshot('search-index', 'degraded', { lagMs: 1200 });
    const result = await kit('ops:health');
    expect(result.code).toBe(1);
    expect(result.stdout.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '<time>')).toBe(
      [
        'Health: degraded (store: .kit/ops.sqlite)',
        '  NAME          STATUS    SINCE                 DETAILS',
        '  database      ok        <time>',
        '  search-index  degraded  <time>  lagMs=1200',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await kit('ops:health', '--json')).stdout) as {
      status: string;
      components: { name: string; status: string }[];
    };
    expect(json.status).toBe('degraded');
    expect(json.components.map((component) => [component.name, component.status])).toEqual([
      ['database', 'ok'],
      ['search-index', 'degraded'],
    ]);
    store.snapshot('search-index', 'ok');
    expect((await kit('ops:health')).code).toBe(0);
  });
});

describe('kit ops:tail', () => {
  it('prints events written by another connection as they arrive, and exits 0 when stopped', async () => {
    store.record({
      kind: 'request',
      subject: 'GET /before',
      status: 'ok',
      at: Date.now() - 60_000,
      data: { method: 'GET', path: '/before', httpStatus: 200 },
    });
    const controller = new AbortController();
    let following!: () => void;
    const started = new Promise<void>((resolve) => (following = resolve));
    let seen!: () => void;
    const arrived = new Promise<void>((resolve) => (seen = resolve));
    let output = '';
    const running = runKitInProcess(['ops:tail', '--kind', 'error', '--poll', '20'], {
      cwd: app.root,
      signal: controller.signal,
      onError: (text) => text.startsWith('Following') && following(),
      onOutput: (text) => {
        output += text;
        if (output.includes('second failure')) seen();
      },
    });
    await started;
    const writer = createOpsStore({ path: join(app.root, '.kit', 'ops.sqlite') });
    writer.record({ kind: 'request', subject: 'GET /ignored', status: 'ok', data: { method: 'GET', path: '/ignored', httpStatus: 200 } });
    writer.record({
      kind: 'error',
      subject: 'worker',
      status: 'error',
      at: Date.parse('2026-01-05T11:00:00Z'),
      data: { message: 'first failure' },
    });
    writer.record({
      kind: 'error',
      subject: 'worker',
      status: 'error',
      at: Date.parse('2026-01-05T11:00:01Z'),
      data: { message: 'second failure' },
    });
    writer.close();
    await arrived;
    controller.abort();
    const result = await running;
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Following .kit/ops.sqlite; press Ctrl-C to stop.\n');
    expect(result.stdout).toBe(
      '2026-01-05T11:00:00Z  error      error     worker  message=first failure\n2026-01-05T11:00:01Z  error      error     worker  message=second failure\n',
    );
  });

  it('first replays the events since a time with --since, as JSON lines with --json', async () => {
    store.record({ kind: 'reload', subject: 'content', status: 'ok', at: Date.now() - 5 * 60_000 });
    store.record({ kind: 'reload', subject: 'content', status: 'error', at: Date.now() - 60_000, data: { error: 'bad' } });
    const controller = new AbortController();
    const result = runKitInProcess(['ops:tail', '--since', '10m', '--json'], {
      cwd: app.root,
      signal: controller.signal,
      onError: (text) => text.startsWith('Following') && controller.abort(),
    });
    const { code, stdout } = await result;
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { status: string }).status),
    ).toEqual(['ok', 'error']);
  });
});
