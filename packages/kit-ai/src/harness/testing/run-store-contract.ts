/**
 * The behaviour every `RunStore` owes the harness, as one vitest suite a store runs with its own
 * `open`: `describeRunStoreContract('MemoryRunStore', async () => new MemoryRunStore())`. Each test
 * opens a fresh, empty store and closes it at the end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentCheckpoint, AgentRunResult } from '../../agent/run-result.js';
import { KitAIError } from '../../errors/kit-ai-error.js';
import type { NewRun, NewRunEvent, RunApproval, RunStore } from '../types.js';

/** Options of `describeRunStoreContract`. */
export interface RunStoreContractOptions {
  /**
   * How long the suite waits for a 1 ms lease to run out. A store that compares leases with a
   * database's clock gets a little more, so a few milliseconds between the clocks cannot flake a test.
   * Default 50.
   */
  leaseExpiryWaitMs?: number;
  /** Timeout of each test, in milliseconds (default vitest's). */
  timeoutMs?: number;
}

/** Text that breaks naive escaping: quotes, backslashes, a NUL, line separators, emoji, a lone surrogate, CJK and combining marks. */
export const awkwardText = `it's "quoted" \\ back\\slash \u0000 nul \u2028 line sep — 東京 🚀 e\u0301 \ud800 end`;

/** A checkpoint as the agent loop takes one: the shape a store must give back exactly. */
export function sampleCheckpoint(goal = 'Summarise the quarterly report'): AgentCheckpoint {
  return {
    stage: 'tool_result',
    goal,
    messages: [
      { role: 'system', content: 'You are careful.' },
      { role: 'user', content: goal },
      { role: 'assistant', content: `Reading it. ${awkwardText}` },
    ],
    iterations: 2,
    toolCalls: [
      {
        id: 'call_1_1',
        tool: 'read_file',
        args: { path: 'report.md', options: { lines: [1, 200], raw: false } },
        status: 'success',
        result: { text: awkwardText, bytes: 1234, nested: { deep: [{ a: null }, [1.5, -2, 1e21]] } },
        iteration: 1,
        startedAt: '2026-01-02T03:04:05.678Z',
        durationMs: 12,
      },
    ],
    taskCalls: [],
    maxOutputTokens: 4096,
    compaction: { autocompactFailures: 0, reactiveCompactRetries: 1, tokenEscalations: 0 },
    pendingCalls: [{ id: 'call_2_1', name: 'write_file', arguments: { path: 'summary.md', text: '# Summary' } }],
    activeSkills: ['summarise'],
  };
}

function sampleResult(): AgentRunResult {
  const checkpoint = sampleCheckpoint();
  return { result: { answer: awkwardText }, iterations: 2, toolCalls: checkpoint.toolCalls, taskCalls: [], status: 'paused', checkpoint };
}

const approval: RunApproval = { approvalId: 'ap-1', kind: 'tool', tool: 'delete_file', args: { path: '/tmp/x' }, reason: 'destructive' };

function newRun(id: string, overrides: Partial<NewRun> = {}): NewRun {
  return { id, goal: `Goal of ${id}`, metadata: { team: 'ops', tags: ['a', 'b'] }, next: { kind: 'start' }, ...overrides };
}

function statusEvent(reason: string): NewRunEvent {
  return { type: 'status', at: '2026-01-02T03:04:05.678Z', data: { from: 'queued', to: 'running', reason } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error a promise rejects with (failing the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject, but it resolved');
}

/** What a test compares of a rejection: a `KitAIError` with this code, and its message for the report. */
async function expectKitAIError(promise: Promise<unknown>, code: KitAIError['code']): Promise<KitAIError> {
  const error = await rejection(promise);
  expect({ isKitAIError: error instanceof KitAIError, code: (error as { code?: unknown }).code }, String(error)).toEqual({
    isKitAIError: true,
    code,
  });
  return error as KitAIError;
}

/**
 * Registers the run store contract for the store `open` makes: a fresh, empty store per test.
 *
 * @example
 * ```ts
 * import { MemoryRunStore } from '../stores/memory-run-store.js';
 * import { describeRunStoreContract } from './run-store-contract.js';
 *
 * describeRunStoreContract('MemoryRunStore', async () => new MemoryRunStore());
 * ```
 */
export function describeRunStoreContract(label: string, open: () => Promise<RunStore>, options: RunStoreContractOptions = {}): void {
  const expiryWait = options.leaseExpiryWaitMs ?? 50;
  const timeout = options.timeoutMs;

  describe(`${label}: the RunStore contract`, () => {
    const opened: RunStore[] = [];
    const fresh = async (): Promise<RunStore> => {
      const store = await open();
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    describe('runs', () => {
      it('records a new run as queued, with its dates, no attempts and no events', { timeout }, async () => {
        const store = await fresh();
        const before = Date.now();
        const created = await store.createRun(newRun('run-1'));
        expect(created).toMatchObject({
          id: 'run-1',
          goal: 'Goal of run-1',
          status: 'queued',
          metadata: { team: 'ops', tags: ['a', 'b'] },
          next: { kind: 'start' },
          attempts: 0,
          lastSequence: 0,
        });
        expect(created.createdAt).toBe(created.updatedAt);
        expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
        // A database clock may differ a little from this process's.
        expect(Math.abs(Date.parse(created.createdAt) - before)).toBeLessThan(60_000);
        for (const field of ['checkpoint', 'result', 'requested', 'pendingApproval', 'lease'] as const)
          expect(created[field]).toBeUndefined();
        expect(await store.getRun('run-1')).toEqual(created);
      });

      it('records the first events with the run, numbered from 1', { timeout }, async () => {
        const store = await fresh();
        const at = new Date().toISOString();
        const created = await store.createRun(
          newRun('run-1', {
            events: [
              { type: 'status', at, data: { from: null, to: 'queued', reason: 'started' } },
              { type: 'resumed', at, data: { message: 'second' } },
            ],
          }),
        );
        expect(created.lastSequence).toBe(2);
        const events = await store.readEvents('run-1');
        expect(events.map((event) => [event.sequence, event.type])).toEqual([
          [1, 'status'],
          [2, 'resumed'],
        ]);
        const appended = await store.appendEvents('run-1', [{ type: 'resumed', at, data: { message: 'third' } }]);
        expect(appended?.[0]?.sequence).toBe(3);
      });

      it('refuses an id that is taken with run_exists, and keeps the first run', { timeout }, async () => {
        const store = await fresh();
        const first = await store.createRun(newRun('run-1'));
        await expectKitAIError(store.createRun(newRun('run-1', { goal: 'another' })), 'run_exists');
        expect(await store.getRun('run-1')).toEqual(first);
      });

      it('answers undefined for an unknown id, and run_not_found when asked to change it', { timeout }, async () => {
        const store = await fresh();
        expect(await store.getRun('missing')).toBeUndefined();
        await expectKitAIError(store.updateRun('missing', { status: 'paused' }), 'run_not_found');
        await expectKitAIError(store.appendEvents('missing', [statusEvent('x')]), 'run_not_found');
        await expectKitAIError(
          store.saveArtifact('missing', { name: 'a.txt', contentType: 'text/plain', data: new Uint8Array([1]) }),
          'run_not_found',
        );
        expect(await store.readEvents('missing')).toEqual([]);
        expect(await store.listArtifacts('missing')).toEqual([]);
        expect(await store.renewLease('missing', 'worker', 1000)).toBe(false);
      });

      it('hands out copies: changing a returned record changes nothing stored', { timeout }, async () => {
        const store = await fresh();
        const created = await store.createRun(newRun('run-1'));
        created.metadata.team = 'changed';
        (created.metadata.tags as string[]).push('c');
        const read = (await store.getRun('run-1'))!;
        read.status = 'fatal';
        expect(await store.getRun('run-1')).toMatchObject({ status: 'queued', metadata: { team: 'ops', tags: ['a', 'b'] } });
      });

      it('gives JSON back exactly: a checkpoint, a result, an approval, unicode and nesting', { timeout }, async () => {
        const store = await fresh();
        const metadata = { text: awkwardText, nested: { list: [1, 'two', { three: [null, true, false] }], empty: {} }, count: 0 };
        await store.createRun(newRun('run-ü-東京', { goal: awkwardText, metadata, next: { kind: 'resume', message: awkwardText } }));
        const checkpoint = sampleCheckpoint(awkwardText);
        const result = sampleResult();
        const next = {
          kind: 'resume' as const,
          message: 'go on',
          approvedCalls: [{ id: 'c1', name: 'delete_file', arguments: { path: awkwardText } }],
        };
        const updated = await store.updateRun('run-ü-東京', { checkpoint, result, pendingApproval: approval, next, requested: 'pause' });
        const read = await store.getRun('run-ü-東京');
        for (const run of [updated, read]) {
          expect(run).toMatchObject({ id: 'run-ü-東京', goal: awkwardText, metadata, checkpoint, result, pendingApproval: approval, next });
          expect(run?.requested).toBe('pause');
        }
      });

      it('changes only the fields of a patch, clears a field given null, and moves updatedAt', { timeout }, async () => {
        const store = await fresh();
        const created = await store.createRun(newRun('run-1'));
        const lease = { owner: 'worker-1', expiresAt: new Date(Date.now() + 60_000).toISOString() };
        await sleep(5);
        const full = await store.updateRun('run-1', {
          status: 'paused',
          checkpoint: sampleCheckpoint(),
          result: sampleResult(),
          requested: 'cancel',
          pendingApproval: approval,
          lease,
        });
        expect(full).toMatchObject({ status: 'paused', requested: 'cancel', lease, next: { kind: 'start' }, createdAt: created.createdAt });
        expect(Date.parse(full!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

        const statusOnly = await store.updateRun('run-1', { status: 'queued' });
        expect(statusOnly).toEqual({ ...full, status: 'queued', updatedAt: statusOnly!.updatedAt });

        const cleared = await store.updateRun('run-1', {
          checkpoint: null,
          result: null,
          next: null,
          requested: null,
          pendingApproval: null,
          lease: null,
        });
        for (const field of ['checkpoint', 'result', 'next', 'requested', 'pendingApproval', 'lease'] as const) {
          expect(cleared?.[field], field).toBeUndefined();
        }
        expect(await store.getRun('run-1')).toEqual(cleared);
        expect(cleared).toMatchObject({ id: 'run-1', status: 'queued', metadata: created.metadata, attempts: 0, lastSequence: 0 });
      });

      it('writes only while its condition holds: the lease owner, the status', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        await store.claimRun({ owner: 'worker-1', leaseMs: 60_000 });
        const before = await store.getRun('run-1');

        expect(await store.updateRun('run-1', { status: 'paused' }, { leaseOwner: 'worker-2' })).toBeUndefined();
        expect(await store.updateRun('run-1', { status: 'paused' }, { status: ['queued', 'approval_required'] })).toBeUndefined();
        expect(await store.updateRun('run-1', { status: 'paused' }, { leaseOwner: 'worker-1', status: ['queued'] })).toBeUndefined();
        expect(await store.appendEvents('run-1', [statusEvent('late')], { leaseOwner: 'worker-2' })).toBeUndefined();
        expect(await store.appendEvents('run-1', [statusEvent('late')], { status: ['paused'] })).toBeUndefined();
        expect(await store.getRun('run-1')).toEqual(before);
        expect(await store.readEvents('run-1')).toEqual([]);

        const paused = await store.updateRun('run-1', { status: 'paused', lease: null }, { leaseOwner: 'worker-1', status: ['running'] });
        expect(paused?.status).toBe('paused');
        // With the lease cleared, nobody holds it.
        expect(await store.updateRun('run-1', { status: 'queued' }, { leaseOwner: 'worker-1' })).toBeUndefined();
        expect(await store.appendEvents('run-1', [statusEvent('held')], { status: ['paused'] })).toHaveLength(1);
      });
    });

    describe('events', () => {
      it('numbers events from 1, contiguously across calls, and keeps lastSequence', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        await store.createRun(newRun('run-2'));
        const first = await store.appendEvents('run-1', [statusEvent('a'), statusEvent('b')]);
        expect(first?.map((event) => event.sequence)).toEqual([1, 2]);
        expect(first?.[0]).toEqual({ ...statusEvent('a'), runId: 'run-1', sequence: 1 });
        expect(await store.appendEvents('run-1', [])).toEqual([]);
        const model: NewRunEvent = {
          type: 'model_call',
          at: '2026-01-02T03:04:06.000Z',
          data: {
            iteration: 1,
            durationMs: 5,
            finalAnswer: false,
            text: awkwardText,
            usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
          },
        };
        const second = await store.appendEvents('run-1', [model]);
        expect(second).toEqual([{ ...model, runId: 'run-1', sequence: 3 }]);
        expect((await store.appendEvents('run-2', [statusEvent('other')]))?.[0]?.sequence).toBe(1);
        expect((await store.getRun('run-1'))?.lastSequence).toBe(3);
        expect(await store.readEvents('run-1')).toEqual([...first!, ...second!]);
      });

      it('reads events after a sequence, at most a limit', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        await store.appendEvents(
          'run-1',
          Array.from({ length: 10 }, (_, index) => statusEvent(`e${index + 1}`)),
        );
        const sequences = async (options: { after?: number; limit?: number }) =>
          (await store.readEvents('run-1', options)).map((event) => event.sequence);
        expect(await sequences({})).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(await sequences({ after: 7 })).toEqual([8, 9, 10]);
        expect(await sequences({ after: 2, limit: 3 })).toEqual([3, 4, 5]);
        expect(await sequences({ after: 10 })).toEqual([]);
        expect(await sequences({ limit: 1 })).toEqual([1]);
      });

      it('appends all of a batch or none: a value that is not JSON fails the whole call', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        await store.appendEvents('run-1', [statusEvent('kept')]);
        const bad = {
          type: 'call_started',
          at: 'now',
          data: { callId: 'c', kind: 'tool', name: 'n', args: { big: 1n }, iteration: 1, rerun: false },
        };
        await expectKitAIError(store.appendEvents('run-1', [statusEvent('lost'), bad as unknown as NewRunEvent]), 'store_failed');
        expect((await store.readEvents('run-1')).map((event) => event.sequence)).toEqual([1]);
        expect((await store.getRun('run-1'))?.lastSequence).toBe(1);
        expect((await store.appendEvents('run-1', [statusEvent('next')]))?.[0]?.sequence).toBe(2);
      });

      it('appends the events of a patch with the change, under its condition, or neither', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        await store.appendEvents('run-1', [statusEvent('first')]);
        await store.claimRun({ owner: 'worker-1', leaseMs: 60_000 });
        const before = await store.getRun('run-1');

        const refused = await store.updateRun('run-1', { status: 'paused', events: [statusEvent('lost')] }, { leaseOwner: 'worker-2' });
        expect(refused).toBeUndefined();
        const bad = { type: 'resumed', at: 'now', data: { message: 1n } } as unknown as NewRunEvent;
        await expectKitAIError(store.updateRun('run-1', { status: 'paused', events: [statusEvent('lost'), bad] }), 'store_failed');
        expect(await store.getRun('run-1')).toEqual(before);
        expect((await store.readEvents('run-1')).map((event) => event.sequence)).toEqual([1]);

        const paused = await store.updateRun(
          'run-1',
          { status: 'paused', lease: null, events: [statusEvent('pause asked'), statusEvent('paused')] },
          { leaseOwner: 'worker-1' },
        );
        expect(paused).toMatchObject({ status: 'paused', lastSequence: 3 });
        expect(paused).not.toHaveProperty('events');
        const read = await store.readEvents('run-1');
        expect(read.slice(1)).toEqual([
          { ...statusEvent('pause asked'), runId: 'run-1', sequence: 2 },
          { ...statusEvent('paused'), runId: 'run-1', sequence: 3 },
        ]);
        expect((await store.appendEvents('run-1', [statusEvent('after')]))?.[0]?.sequence).toBe(4);
      });

      it('gives concurrent appenders to one run distinct, gapless sequences', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        const batches = await Promise.all(
          Array.from({ length: 8 }, (_, writer) => store.appendEvents('run-1', [statusEvent(`w${writer}-1`), statusEvent(`w${writer}-2`)])),
        );
        // Each batch got a run of consecutive numbers, and the batches together cover 1..16 once.
        for (const batch of batches) expect(batch![1]!.sequence).toBe(batch![0]!.sequence + 1);
        const all = batches.flatMap((batch) => batch!.map((event) => event.sequence)).sort((a, b) => a - b);
        expect(all).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
        const read = await store.readEvents('run-1');
        expect(read.map((event) => event.sequence)).toEqual(all);
        expect((await store.getRun('run-1'))?.lastSequence).toBe(16);
      });
    });

    describe('claims and leases', () => {
      it('claims the oldest queued run first, then the next, then none', { timeout }, async () => {
        const store = await fresh();
        for (const id of ['run-a', 'run-b', 'run-c']) {
          await store.createRun(newRun(id));
          await sleep(3);
        }
        const owners = ['w1', 'w2', 'w3', 'w4'];
        const claimed = [];
        for (const owner of owners) claimed.push(await store.claimRun({ owner, leaseMs: 60_000 }));
        expect(claimed.map((claim) => claim?.run.id)).toEqual(['run-a', 'run-b', 'run-c', undefined]);
      });

      it('makes the claimed run running under the claimer’s lease, one attempt more', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        const before = Date.now();
        const claim = await store.claimRun({ owner: 'worker-1', leaseMs: 30_000 });
        expect(claim?.reclaimed).toBe(false);
        expect(claim?.run).toMatchObject({ id: 'run-1', status: 'running', attempts: 1, next: { kind: 'start' } });
        expect(claim?.run.lease?.owner).toBe('worker-1');
        const expires = Date.parse(claim!.run.lease!.expiresAt);
        expect(Math.abs(expires - (before + 30_000))).toBeLessThan(60_000);
        expect(await store.getRun('run-1')).toEqual(claim?.run);
      });

      it('never hands out a running run whose lease holds, nor held or ended runs', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        expect((await store.claimRun({ owner: 'worker-1', leaseMs: 60_000 }))?.run.id).toBe('run-1');
        expect(await store.claimRun({ owner: 'worker-2', leaseMs: 60_000 })).toBeUndefined();
        expect(await store.claimRun({ owner: 'worker-2', leaseMs: 60_000, runId: 'run-1' })).toBeUndefined();
        for (const status of ['paused', 'approval_required', 'completed', 'max_iterations', 'canceled', 'fatal'] as const) {
          await store.createRun(newRun(`run-${status}`));
          await store.updateRun(`run-${status}`, { status });
        }
        expect(await store.claimRun({ owner: 'worker-2', leaseMs: 60_000 })).toBeUndefined();
        expect(await store.claimRun({ owner: 'worker-2', leaseMs: 60_000, runId: 'run-paused' })).toBeUndefined();
      });

      it('hands a run whose lease ran out to another claimer, as reclaimed', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        await store.claimRun({ owner: 'worker-1', leaseMs: 1 });
        await sleep(expiryWait);
        const claim = await store.claimRun({ owner: 'worker-2', leaseMs: 60_000 });
        expect(claim?.reclaimed).toBe(true);
        expect(claim?.run).toMatchObject({ id: 'run-1', status: 'running', attempts: 2, lease: { owner: 'worker-2' } });
        // The stalled executor lost the run: its writes and renewals are refused.
        expect(await store.updateRun('run-1', { status: 'completed' }, { leaseOwner: 'worker-1' })).toBeUndefined();
        expect(await store.appendEvents('run-1', [statusEvent('stale')], { leaseOwner: 'worker-1' })).toBeUndefined();
        expect(await store.renewLease('run-1', 'worker-1', 60_000)).toBe(false);
        expect((await store.getRun('run-1'))?.status).toBe('running');
      });

      it('claims the run named by runId only, and only while it is claimable', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-a'));
        await sleep(3);
        await store.createRun(newRun('run-b'));
        expect((await store.claimRun({ owner: 'w1', leaseMs: 60_000, runId: 'run-b' }))?.run.id).toBe('run-b');
        expect(await store.claimRun({ owner: 'w2', leaseMs: 60_000, runId: 'run-b' })).toBeUndefined();
        expect(await store.claimRun({ owner: 'w2', leaseMs: 60_000, runId: 'missing' })).toBeUndefined();
        expect((await store.getRun('run-a'))?.status).toBe('queued');
        expect((await store.claimRun({ owner: 'w2', leaseMs: 60_000 }))?.run.id).toBe('run-a');
      });

      it('renews a lease its owner holds, and refuses anyone else', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        const claim = await store.claimRun({ owner: 'worker-1', leaseMs: 1_000 });
        expect(await store.renewLease('run-1', 'worker-2', 60_000)).toBe(false);
        expect((await store.getRun('run-1'))?.lease).toEqual(claim?.run.lease);
        expect(await store.renewLease('run-1', 'worker-1', 120_000)).toBe(true);
        const renewed = (await store.getRun('run-1'))!.lease!;
        expect(renewed.owner).toBe('worker-1');
        expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.parse(claim!.run.lease!.expiresAt) + 100_000);
        // A renewed lease keeps the run from other claimers even past the first lease's end.
        await sleep(1_100);
        expect(await store.claimRun({ owner: 'worker-2', leaseMs: 60_000 })).toBeUndefined();
      });

      it('gives each of 5 queued runs to exactly one of 20 concurrent claimers', { timeout }, async () => {
        const store = await fresh();
        for (let index = 1; index <= 5; index++) await store.createRun(newRun(`run-${index}`));
        const claims = await Promise.all(Array.from({ length: 20 }, (_, index) => store.claimRun({ owner: `w${index}`, leaseMs: 60_000 })));
        const won = claims.filter((claim) => claim !== undefined);
        expect(won.map((claim) => claim.run.id).sort()).toEqual(['run-1', 'run-2', 'run-3', 'run-4', 'run-5']);
        for (const claim of won) {
          expect(claim.run.attempts).toBe(1);
          expect((await store.getRun(claim.run.id))?.lease?.owner).toBe(claim.run.lease?.owner);
        }
      });
    });

    describe('listing runs', () => {
      it('lists newest first in pages joined by nextCursor', { timeout }, async () => {
        const store = await fresh();
        const ids = ['run-1', 'run-2', 'run-3', 'run-4', 'run-5'];
        for (const id of ids) {
          await store.createRun(newRun(id));
          await sleep(2);
        }
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await store.listRuns({ limit: 2, ...(cursor === undefined ? {} : { cursor }) });
          seen.push(...page.runs.map((run) => run.id));
          cursor = page.nextCursor;
          pages++;
        } while (cursor !== undefined && pages < 10);
        expect(seen).toEqual([...ids].reverse());
        expect(pages).toBe(3);
        const whole = await store.listRuns();
        expect(whole.nextCursor).toBeUndefined();
        expect(whole.runs[0]).toEqual(await store.getRun('run-5'));
      });

      it('filters by one status or several', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-q'));
        await store.createRun(newRun('run-p'));
        await store.createRun(newRun('run-c'));
        await store.updateRun('run-p', { status: 'paused' });
        await store.updateRun('run-c', { status: 'completed' });
        const ids = async (status: Parameters<RunStore['listRuns']>[0]) => (await store.listRuns(status)).runs.map((run) => run.id).sort();
        expect(await ids({ status: 'paused' })).toEqual(['run-p']);
        expect(await ids({ status: ['queued', 'completed'] })).toEqual(['run-c', 'run-q']);
        expect(await ids({ status: 'fatal' })).toEqual([]);
        expect(await ids({})).toEqual(['run-c', 'run-p', 'run-q']);
      });

      it('pages 50 runs at a time by default', { timeout }, async () => {
        const store = await fresh();
        for (let index = 0; index < 55; index++) await store.createRun(newRun(`run-${String(index).padStart(2, '0')}`));
        const first = await store.listRuns();
        expect(first.runs).toHaveLength(50);
        const second = await store.listRuns({ cursor: first.nextCursor! });
        expect(second.runs).toHaveLength(5);
        expect(second.nextCursor).toBeUndefined();
        expect(new Set([...first.runs, ...second.runs].map((run) => run.id)).size).toBe(55);
      });
    });

    describe('artifacts', () => {
      it('keeps bytes exactly, every byte value included, and lists what a run saved', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        await store.createRun(newRun('run-2'));
        const every = Uint8Array.from({ length: 512 }, (_, index) => (index * 7 + (index >> 8)) % 256);
        every[0] = 0x00;
        every[511] = 0xff;
        const saved = await store.saveArtifact('run-1', { name: 'bytes.bin', contentType: 'application/octet-stream', data: every });
        expect(saved).toMatchObject({ runId: 'run-1', name: 'bytes.bin', contentType: 'application/octet-stream', size: 512 });
        expect(typeof saved.id).toBe('string');
        const empty = await store.saveArtifact('run-1', {
          name: `${awkwardText}.txt`,
          contentType: 'text/plain; charset=utf-8',
          data: new Uint8Array(),
        });

        // The caller's buffer is copied: changing it later changes nothing stored.
        every[1] = every[1]! ^ 0xff;
        const read = await store.readArtifact('run-1', saved.id);
        expect(read?.artifact).toEqual(saved);
        expect(read?.data).toBeInstanceOf(Uint8Array);
        const expected = Uint8Array.from(every);
        expected[1] = expected[1]! ^ 0xff;
        expect(Buffer.from(read!.data).equals(Buffer.from(expected))).toBe(true);
        expect((await store.readArtifact('run-1', empty.id))?.data.byteLength).toBe(0);

        const listed = await store.listArtifacts('run-1');
        const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
        expect([...listed].sort(byId)).toEqual([saved, empty].sort(byId));
        expect(await store.listArtifacts('run-2')).toEqual([]);
        expect(await store.readArtifact('run-2', saved.id)).toBeUndefined();
        expect(await store.readArtifact('run-1', 'missing')).toBeUndefined();
      });
    });

    describe('closing', () => {
      it('rejects every call after close with store_failed', { timeout }, async () => {
        const store = await fresh();
        await store.createRun(newRun('run-1'));
        await store.close();
        const error = await expectKitAIError(store.getRun('run-1'), 'store_failed');
        expect(error.message).toContain('closed');
        await expectKitAIError(store.createRun(newRun('run-2')), 'store_failed');
        await expectKitAIError(store.claimRun({ owner: 'w', leaseMs: 1000 }), 'store_failed');
        await expectKitAIError(store.listRuns(), 'store_failed');
        await store.close();
      });
    });
  });
}
