import type { AgentRunResult } from '../agent/types.js';
import { KitAIError } from '../errors/kit-ai-error.js';
import type { RunEventsOptions, RunHandle } from './harness-types.js';
import { cancelRun, decideRun, pauseRun, requireRun, resumeRun, type ControlOutcome } from './run-control.js';
import type { RunSignals } from './run-signals.js';
import { runEvent } from './run-writer.js';
import { ENDED, HELD, isActive, resultOfRun } from './run-statuses.js';
import { fromStore } from './store-failure.js';
import type { RunEvent, RunStore, RunTextEvent } from './types.js';

/** What a handle needs from its harness. */
export interface HandleEnvironment {
  store: RunStore;
  signals: RunSignals;
  pollIntervalMs: number;
  /** After a control call: execute the run here when it is queued and the harness executes runs, or reach the local execution. */
  afterControl(runId: string, outcome: ControlOutcome, request?: 'pause' | 'cancel'): void;
}

const PAGE = 500;

/** A handle on run `id`. */
export function runHandle(env: HandleEnvironment, id: string): RunHandle {
  const { store } = env;
  const control = async (request: 'pause' | 'cancel' | undefined, call: () => Promise<ControlOutcome>): Promise<void> => {
    const outcome = await call();
    env.afterControl(id, outcome, request);
    env.signals.wake(id);
  };
  return {
    id,
    get: () => requireRun(store, id),
    status: async () => (await requireRun(store, id)).status,
    // One reader serves both overloads: text events come only when asked for.
    events: ((options: RunEventsOptions = {}) => followEvents(env, id, options)) as RunHandle['events'],
    wait: (options = {}) => waitForRun(env, id, options.timeoutMs, options.signal),
    pause: () => control('pause', () => pauseRun(store, id)),
    cancel: () => control('cancel', () => cancelRun(store, id)),
    resume: (message = '') => control(undefined, () => resumeRun(store, id, message)),
    decide: (approvalId, decision) => control(undefined, () => decideRun(store, id, approvalId, decision)),
    saveArtifact: async (artifact) => {
      // The store refuses an unknown run itself (run_not_found).
      const saved = await fromStore(`harness: could not save artifact "${artifact.name}" of run "${id}"`, () =>
        store.saveArtifact(id, artifact),
      );
      await fromStore(`harness: could not record artifact "${artifact.name}" of run "${id}"`, () =>
        store.appendEvents(id, [runEvent('artifact', saved)]),
      );
      env.signals.wake(id);
      return saved;
    },
    artifacts: () => fromStore(`harness: could not list the artifacts of run "${id}"`, () => store.listArtifacts(id)),
    readArtifact: (artifactId) =>
      fromStore(`harness: could not read artifact "${artifactId}" of run "${id}"`, () => store.readArtifact(id, artifactId)),
  };
}

/**
 * The events after `options.after`, then the new ones as they come, until the run ends (or is held, with
 * `untilHeld`). With `text`, the model's streamed text in this process comes between them as it arrives.
 */
async function* followEvents(env: HandleEnvironment, id: string, options: RunEventsOptions): AsyncGenerator<RunEvent | RunTextEvent> {
  let after = options.after ?? 0;
  await requireRun(env.store, id);
  const texts: RunTextEvent[] = [];
  let textArrived: (() => void) | undefined;
  const stopListening = options.text
    ? env.signals.listenText(id, (data) => {
        texts.push({ type: 'text', runId: id, data });
        textArrived?.();
      })
    : undefined;
  // The wait for a stored event (or the next poll) outlives a wake-up by text, so text does not pile up timers.
  let storeChanged: Promise<'store'> | undefined;
  try {
    let readStore = true;
    while (!options.signal?.aborted) {
      if (readStore) {
        const page = await fromStore(`harness: could not read the events of run "${id}"`, () =>
          env.store.readEvents(id, { after, limit: PAGE }),
        );
        for (const event of page) {
          yield event;
          after = event.sequence;
        }
        if (page.length === PAGE) continue;
        const run = await requireRun(env.store, id);
        const stopped = ENDED.has(run.status) || (options.untilHeld === true && HELD.has(run.status));
        if (stopped && run.lastSequence <= after) return;
        if (run.lastSequence > after) continue;
      }
      while (texts.length > 0) yield texts.shift() as RunTextEvent;
      storeChanged ??= env.signals.nextEvent(id, env.pollIntervalMs, options.signal).then(() => 'store' as const);
      const woken = await Promise.race([
        storeChanged,
        new Promise<'text'>((resolve) => {
          textArrived = () => resolve('text');
        }),
      ]);
      textArrived = undefined;
      readStore = woken === 'store';
      if (readStore) storeChanged = undefined;
    }
  } finally {
    stopListening?.();
  }
}

/** The result once the run stops executing. */
async function waitForRun(
  env: HandleEnvironment,
  id: string,
  timeoutMs: number | undefined,
  signal: AbortSignal | undefined,
): Promise<AgentRunResult> {
  const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
  for (;;) {
    if (signal?.aborted)
      throw new KitAIError('aborted', `harness: stopped waiting for run "${id}": the signal was aborted; the run goes on.`);
    const run = await requireRun(env.store, id);
    if (!isActive(run.status)) return resultOfRun(run);
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new KitAIError(
        'invalid_run_state',
        `harness: run "${id}" is still ${run.status} after ${timeoutMs} ms of wait(); wait longer or look at its events.`,
      );
    }
    await env.signals.nextStatus(id, Math.min(env.pollIntervalMs, left), signal);
  }
}
