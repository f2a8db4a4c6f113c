import { operationIdFor, type AnyAPIDefinition } from '@kit/kit-core';
import type { Harness, RunEvent, RunHandle, RunRecord, RunTextEvent } from '@kit/kit-ai';
import { streamSkill, type SkillStreamUpdate } from '../a2a/skill-streams.js';
import { runView, type RunView } from './run-view.js';

/** How often, at most, the model's live text goes out as one update: the pieces that arrive meanwhile are joined. */
const textIntervalMs = 100;

/** Where the routes of `harnessRoutes` live and how long one stream follows a run. */
export interface RunStreamOptions {
  /** The `basePath` of the routes. */
  readonly base: string;
  /** How long one A2A stream follows a run before it stops, leaving the run and its task going on. */
  readonly streamLimitMs: number;
}

/** The skills a client continues a held run with. */
interface ContinueSkills {
  readonly decide: string;
  readonly resume: string;
}

/**
 * Makes an A2A `SendStreamingMessage` to the skill of the start route of `harnessRoutes` (`POST <base>`)
 * follow the run it started, once the route has answered (input, policy and owner checked as for any
 * call): each stored event of the run becomes a `working` status update whose message holds a sentence
 * and the event as a data part, the model's live text `working` updates of text alone (joined over at most
 * 100 ms), and the task ends as the run does: `completed` with the final answer as the artifact `answer`,
 * `failed` (`fatal`, `max_iterations`), `canceled`, or `input-required` while the run is held, naming the
 * skill and the input that go on (the approval id). `SubscribeToTask` then follows it again from where it
 * stopped, as its caller through the read route (`GET <base>/:runId`), and `CancelTask` cancels the run.
 * One stream stops after `streamLimitMs`, leaving the run going on. `SendMessage` still answers with the
 * run's view. The routes must be those `harnessRoutes` just built.
 */
export function streamRunsOverA2A(routes: Readonly<Record<string, AnyAPIDefinition>>, harness: Harness, options: RunStreamOptions): void {
  const { base, streamLimitMs } = options;
  const start = routes[`POST ${base}`];
  const read = routes[`GET ${base}/:runId`];
  if (!start || !read) return;
  const skills: ContinueSkills = {
    decide: operationIdFor('POST', `${base}/:runId/approvals/:approvalId`),
    resume: operationIdFor('POST', `${base}/:runId/resume`),
  };
  streamSkill(start, {
    open: async (output, _ctx, position) => {
      const view = output as RunView;
      const run = await harness.get(view.id);
      return {
        key: view.id,
        updates: (signal) => followRun(run, view, position, AbortSignal.any([signal, AbortSignal.timeout(streamLimitMs)]), skills),
        cancel: () => run.cancel(),
      };
    },
    reopen: { route: read, input: (runId) => ({ runId }) },
  });
}

/**
 * The updates of a run from event `position` on (all of them without it): its view first, then each
 * event, then its end; nothing more once `signal` aborts.
 */
async function* followRun(
  run: RunHandle,
  view: RunView,
  position: string | undefined,
  signal: AbortSignal,
  skills: ContinueSkills,
): AsyncGenerator<SkillStreamUpdate> {
  const from = position === undefined ? 0 : Number(position);
  let after = Number.isSafeInteger(from) && from >= 0 ? from : 0;
  yield {
    kind: 'progress',
    text:
      after === 0
        ? `Run ${view.id} is ${view.status}; its events follow.`
        : `Run ${view.id} is ${view.status}; its events after event ${after} follow.`,
    data: view,
    metadata: { runId: view.id, event: 'view' },
    position: String(after),
  };
  for (;;) {
    for await (const event of joinedText(run.events({ after, untilHeld: true, text: true, signal }), signal)) {
      if (event.type === 'text') {
        yield { kind: 'progress', text: event.data.text, metadata: { runId: run.id, event: 'text', iteration: event.data.iteration } };
        continue;
      }
      after = event.sequence;
      yield {
        kind: 'progress',
        text: describe(event),
        data: event,
        metadata: { runId: run.id, event: event.type, sequence: event.sequence },
        position: String(after),
      };
    }
    if (signal.aborted) return;
    const ended = endOf(await run.get(), skills);
    if (ended) {
      yield* ended;
      return;
    }
    // Held or ended as the events stopped, and moved on since (a person decided at once): follow on.
  }
}

/** The last updates of a run that ended or is held; undefined for a run that is queued or running. */
function endOf(record: RunRecord, skills: ContinueSkills): SkillStreamUpdate[] | undefined {
  const view = runView(record);
  const { id } = record;
  switch (record.status) {
    case 'completed':
      return [
        { kind: 'artifact', id: 'answer', name: 'answer', description: `The answer of run ${id}.`, value: record.result?.result ?? null },
        { kind: 'end', state: 'completed', text: `Run ${id} completed.`, data: { run: view } },
      ];
    case 'fatal':
      return [
        {
          kind: 'end',
          state: 'failed',
          text: `Run ${id} failed: ${record.result?.error ?? 'no reason was recorded'}.`,
          data: { run: view },
        },
      ];
    case 'max_iterations': {
      const next = { skill: skills.resume, input: { runId: id } };
      const text = `Run ${id} stopped at its limit of iterations without an answer; the skill ${skills.resume} with the input ${JSON.stringify(next.input)} lets it go on.`;
      return [{ kind: 'end', state: 'failed', text, data: { run: view, next } }];
    }
    case 'canceled':
      return [{ kind: 'end', state: 'canceled', text: `Run ${id} was canceled.`, data: { run: view } }];
    case 'approval_required': {
      const held = record.pendingApproval;
      const next = { skill: skills.decide, input: { runId: id, approvalId: held?.approvalId ?? '', approved: true } };
      const call = held ? `its ${held.kind} call ${held.tool} (approval ${held.approvalId}): ${held.reason}` : 'a held call';
      const text = `Run ${id} waits for a person to decide ${call}. Decide it with the skill ${skills.decide} and the input ${JSON.stringify(next.input)} (approved false to deny it, with an optional note).`;
      return [{ kind: 'end', state: 'input-required', text, data: { run: view, next } }];
    }
    case 'paused': {
      const next = { skill: skills.resume, input: { runId: id } };
      const text = `Run ${id} is paused. Send it back to work with the skill ${skills.resume} and the input ${JSON.stringify(next.input)} (with an optional message).`;
      return [{ kind: 'end', state: 'input-required', text, data: { run: view, next } }];
    }
    default:
      return undefined;
  }
}

/** A sentence saying what a run event means. */
function describe(event: RunEvent): string {
  switch (event.type) {
    case 'status':
      return `Run ${event.runId} is ${event.data.to}${event.data.reason ? ` (${event.data.reason})` : ''}.`;
    case 'claimed':
      return `Attempt ${event.data.attempt} executes the run${event.data.reclaimed ? ', taken over from an executor whose lease ran out' : ''}.`;
    case 'model_call':
      return event.data.text !== ''
        ? event.data.text
        : `Model reply ${event.data.iteration} has no text${event.data.finalAnswer ? '' : ', only calls'}.`;
    case 'call_started':
      return `Calling ${event.data.kind} ${event.data.name}${event.data.rerun ? ' again, as an earlier execution began it' : ''}.`;
    case 'call_finished':
      return `The ${event.data.kind} ${event.data.name} ended: ${event.data.status}${event.data.error ? ` (${event.data.error})` : ''}.`;
    case 'checkpoint':
      return `Checkpoint after ${event.data.iterations} iterations (${event.data.stage}).`;
    case 'approval_requested':
      return `The ${event.data.kind} call ${event.data.tool} waits for approval ${event.data.approvalId}: ${event.data.reason}.`;
    case 'approval_decided':
      return `Approval ${event.data.approvalId} was ${event.data.approved ? 'given' : 'refused'}${event.data.note ? `: ${event.data.note}` : ''}.`;
    case 'verification':
      return `${event.data.verifier} ${event.data.pass ? 'accepted' : 'rejected'} the run${event.data.feedback ? `: ${event.data.feedback}` : ''}.`;
    case 'artifact':
      return `The run saved the artifact ${event.data.name} (${event.data.contentType}, ${event.data.size} bytes).`;
    case 'resumed':
      return event.data.message === '' ? 'The run was resumed.' : `The run was resumed with the message: ${event.data.message}`;
  }
}

/**
 * The events with the live text pieces of one model reply joined over at most `textIntervalMs`, so that a
 * reply streamed in hundreds of pieces does not become as many task updates; text waiting to go out goes
 * before the next stored event.
 */
async function* joinedText(events: AsyncIterable<RunEvent | RunTextEvent>, signal: AbortSignal): AsyncGenerator<RunEvent | RunTextEvent> {
  const iterator = events[Symbol.asyncIterator]();
  let waiting: RunTextEvent | undefined;
  let since = 0;
  let next: Promise<IteratorResult<RunEvent | RunTextEvent>> | undefined;
  try {
    for (;;) {
      next ??= iterator.next();
      let result: IteratorResult<RunEvent | RunTextEvent> | 'flush';
      if (waiting) {
        let timer: NodeJS.Timeout | undefined;
        const due = new Promise<'flush'>((resolve) => (timer = setTimeout(() => resolve('flush'), since + textIntervalMs - Date.now())));
        result = await Promise.race([next, due]).finally(() => clearTimeout(timer));
      } else {
        result = await next;
      }
      if (result === 'flush') {
        yield waiting!;
        waiting = undefined;
        continue;
      }
      next = undefined;
      if (result.done) break;
      const event = result.value;
      if (event.type === 'text') {
        if (waiting && waiting.data.iteration === event.data.iteration) {
          waiting = { ...waiting, data: { ...waiting.data, text: waiting.data.text + event.data.text } };
          continue;
        }
        if (waiting) yield waiting;
        waiting = event;
        since = Date.now();
        continue;
      }
      if (waiting) yield waiting;
      waiting = undefined;
      yield event;
    }
    if (waiting && !signal.aborted) yield waiting;
  } finally {
    // The run's reader ends once the signal aborts; it is not awaited, as a read may be under way.
    if (next) void next.then(() => iterator.return?.()).catch(() => undefined);
    else void iterator.return?.()?.catch(() => undefined);
  }
}
