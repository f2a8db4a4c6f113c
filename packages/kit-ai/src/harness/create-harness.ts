import { randomUUID } from 'node:crypto';
import { KitAIError } from '../errors/kit-ai-error.js';
import type { Harness, HarnessConfig, RunHandle, StartRunOptions } from './harness-types.js';
import { harnessSettings, type HarnessSettings } from './harness-settings.js';
import { executeRun, type ExecutionEnvironment, type LocalRequest } from './execute-run.js';
import { runHandle, type HandleEnvironment } from './run-handle.js';
import { requireRun } from './run-control.js';
import { RunSignals } from './run-signals.js';
import { runEvent } from './run-writer.js';
import { sandboxToolsFor } from './sandbox-tools.js';
import { fromStore } from './store-failure.js';
import type { ClaimedRun, JsonObject, RunContinuation } from './types.js';
import { withTraceContext } from '../tracing/spans.js';

/** The parts of a harness its workers use: the settings, and the execution of claimed runs in this process. */
export interface HarnessInternals {
  settings: HarnessSettings;
  /** Executes a claimed run; resolves when the execution ends. */
  execute(claimed: ClaimedRun): Promise<void>;
  /** Asks every execution of this process to hand its run back, and waits for them. */
  handOff(runIds: Iterable<string>): Promise<void>;
}

const internals = new WeakMap<Harness, HarnessInternals>();

/** The internals of a harness made by `createHarness`; `invalid_config` for anything else. */
export function harnessInternals(harness: Harness): HarnessInternals {
  const found = internals.get(harness);
  if (!found) throw new KitAIError('invalid_config', 'createHarnessWorker: harness must be made by createHarness, got another object.');
  return found;
}

function checkStart(options: StartRunOptions): void {
  if (typeof options?.goal !== 'string' || options.goal.trim() === '')
    throw new KitAIError('invalid_config', `harness.start: goal must be a non-empty string, got ${JSON.stringify(options?.goal)}.`);
  if (options.runId !== undefined && (typeof options.runId !== 'string' || !/^[\w.:-]{1,128}$/.test(options.runId)))
    throw new KitAIError(
      'invalid_config',
      `harness.start: runId must be 1 to 128 letters, digits, '_', '-', '.' or ':', got ${JSON.stringify(options.runId)}.`,
    );
  const metadata: unknown = options.metadata;
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)))
    throw new KitAIError('invalid_config', `harness.start: metadata must be a JSON object, got ${JSON.stringify(metadata)}.`);
}

/**
 * Makes a harness: durable agent runs recorded in a `RunStore`, with numbered events anyone can
 * follow, leases so that a run is executed by one process at a time and taken over when that
 * process dies, approvals decided by people, artifacts, and verification of completed runs.
 *
 * Every checkpoint the run takes is saved before it goes on, one of them after each reply that asks
 * for calls (`tool_call`): a run taken over after its executor died runs those calls again, with the
 * same `callId`, rather than asking the model again. Calls are so executed at least once; a tool with
 * side effects uses `context.runId` and `context.callId` as its idempotency key.
 *
 * @example
 * ```ts
 * import { createHarness, MemoryRunStore, type AgentTool, type LLMProvider } from '@kit/kit-ai';
 *
 * const replies = ['{"tool": "close_ticket", "arguments": {"id": "T-7"}}', 'Ticket T-7 is closed.'];
 * const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };
 * const closeTicket: AgentTool = {
 *   name: 'close_ticket',
 *   description: 'Closes a ticket',
 *   parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
 *   execute: async ({ id }, context) => ({ id, closed: true, idempotencyKey: `${context?.runId}:${context?.callId}` }),
 * };
 *
 * const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [closeTicket] }, requireApproval: ['close_ticket'] });
 * const run = await harness.start({ goal: 'Close ticket T-7', metadata: { requestedBy: 'ada' } });
 *
 * const held = await run.wait({ timeoutMs: 10_000 });
 * const approvalId = (await run.get()).pendingApproval?.approvalId;
 * if (held.status === 'approval_required' && approvalId) await run.decide(approvalId, { approved: true });
 *
 * const done = await run.wait({ timeoutMs: 10_000 });
 * console.log(done.status, done.result); // completed Ticket T-7 is closed.
 * for await (const event of run.events()) console.log(event.sequence, event.type);
 * await harness.close();
 * ```
 */
export function createHarness(config: HarnessConfig): Harness {
  const settings = harnessSettings(config);
  const { store } = settings;
  const signals = new RunSignals();
  const localRequests = new Map<string, LocalRequest>();
  const executions = new Map<string, Promise<void>>();
  let closed = false;

  const executionEnv: ExecutionEnvironment = {
    settings,
    signals,
    localRequests,
    sandboxTools: (runId, writer) => sandboxToolsFor(config.sandbox, store, runId, writer),
  };

  const execute = (claimed: ClaimedRun): Promise<void> => {
    const running = executeRun(executionEnv, claimed).finally(() => executions.delete(claimed.run.id));
    executions.set(claimed.run.id, running);
    return running;
  };

  /** Claims the run and executes it here, unless another executor got it first. */
  const executeHere = (runId: string): void => {
    if (closed || !settings.executeHere || executions.has(runId)) return;
    store.claimRun({ owner: settings.executorId, leaseMs: settings.leaseMs, runId }).then(
      (claimed) => {
        if (claimed) void execute(claimed);
      },
      (error: unknown) => console.warn(`kit-ai harness: could not claim run "${runId}": ${String(error)}`),
    );
  };

  const handOff = async (runIds: Iterable<string>): Promise<void> => {
    const waiting: Promise<void>[] = [];
    for (const runId of runIds) {
      const running = executions.get(runId);
      if (!running) continue;
      localRequests.set(runId, 'handoff');
      waiting.push(running);
    }
    await Promise.all(waiting);
  };

  const handleEnv: HandleEnvironment = {
    store,
    signals,
    pollIntervalMs: settings.pollIntervalMs,
    afterControl: (runId, outcome, request) => {
      if (outcome.executing && request && executions.has(runId)) localRequests.set(runId, request);
      if (outcome.queued) executeHere(runId);
    },
  };

  const harness: Harness = {
    config,
    async start(options): Promise<RunHandle> {
      if (closed) throw new KitAIError('invalid_run_state', 'harness.start: the harness is closed; make a new one with createHarness.');
      checkStart(options);
      const id = options.runId ?? randomUUID();
      const metadata: JsonObject = options.metadata ?? {};
      await fromStore(`harness.start: could not record run "${id}"`, () =>
        store.createRun({
          id,
          goal: options.goal,
          metadata,
          next: withTraceContext<RunContinuation>({ kind: 'start' }),
          events: [runEvent('status', { from: null, to: 'queued', reason: 'started' })],
        }),
      );
      executeHere(id);
      return runHandle(handleEnv, id);
    },
    async get(runId) {
      await requireRun(store, runId);
      return runHandle(handleEnv, runId);
    },
    list: (query) => fromStore('harness.list: could not list runs', () => store.listRuns(query)),
    async close() {
      closed = true;
      await handOff([...executions.keys()]);
    },
  };
  internals.set(harness, { settings, execute, handOff });
  return harness;
}
