import type { Span } from '@opentelemetry/api';
import { agentAttributes, runOutcome } from '../agent/agent-spans.js';
import { createSmartAgent } from '../agent/create-smart-agent.js';
import type { AgentCheckpoint, AgentRunResult, ControlAction, SmartAgent } from '../agent/types.js';
import { KitAIError } from '../errors/kit-ai-error.js';
import { errorText } from '../llm/describe-value.js';
import type { AgentTool } from '../tools/types.js';
import { inSpan, runPlace, tracingOn, withTraceContext, type SpanOutcome } from '../tracing/spans.js';
import type { HarnessSettings } from './harness-settings.js';
import { recordingAgent, type ExecutionState } from './recording-agent.js';
import type { RunSignals } from './run-signals.js';
import { runEvent, RunWriter } from './run-writer.js';
import type { ClaimedRun, NewRunEvent, RunContinuation, RunEvent, RunRecord, RunStatus, RunStore } from './types.js';
import { retryMessage, verifyRun } from './verify-run.js';

/** What this process asked of a run it executes: a pause, a cancel, or to hand it back (the harness closes). */
export type LocalRequest = 'pause' | 'cancel' | 'handoff';

/** Sandbox tools of one execution, closed when it ends. */
export interface ExecutionTools {
  tools: AgentTool[];
  close(): Promise<void>;
}

/** What executing runs needs from the harness. */
export interface ExecutionEnvironment {
  settings: HarnessSettings;
  signals: RunSignals;
  localRequests: Map<string, LocalRequest>;
  sandboxTools(runId: string, writer: RunWriter): Promise<ExecutionTools>;
}

/**
 * Executes a run this process claimed, from where its record says: the goal, or the last checkpoint
 * with the message and the approved calls of `next`. The lease is renewed meanwhile; once it is
 * lost, nothing more is written and the run stops at its next control point. A failure of the run
 * itself ends it `fatal`; a store that fails leaves the run to be taken over when the lease runs out.
 *
 * With tracing on, the execution is an `invoke_agent` span (the agent's model and tool calls are its
 * children) that continues the trace of whoever asked for it, stored in `next.traceContext`.
 */
export async function executeRun(env: ExecutionEnvironment, claimed: ClaimedRun): Promise<void> {
  if (!tracingOn()) {
    await execute(env, claimed, undefined);
    return;
  }
  const { run } = claimed;
  const attributes = {
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.conversation.id': run.id,
    'kit.run.id': run.id,
    'kit.run.attempt': run.attempts,
    'kit.run.reclaimed': claimed.reclaimed,
    'kit.run.executor': env.settings.executorId,
  };
  await inSpan(
    'invoke_agent',
    { attributes },
    (span) => execute(env, claimed, span),
    (outcome) => outcome,
    runPlace(run.next?.traceContext),
  );
}

/** The execution; resolves with how it ended, for its span. */
async function execute(env: ExecutionEnvironment, claimed: ClaimedRun, span: Span | undefined): Promise<SpanOutcome> {
  const { store, executorId, leaseMs } = env.settings;
  const run = claimed.run;
  const writer = new RunWriter(store, run.id, executorId, env.signals);
  writer.lastRecord = run;
  const renewal = setInterval(() => {
    store.renewLease(run.id, executorId, leaseMs).then(
      (held) => {
        if (!held) writer.lost = true;
      },
      () => undefined,
    );
  }, leaseMs / 3);
  renewal.unref();
  let tools: ExecutionTools | undefined;
  try {
    // Recorded with the run's first checkpoint, a moment later.
    writer.defer('claimed', { owner: executorId, attempt: run.attempts, reclaimed: claimed.reclaimed });
    writer.defer('status', {
      from: claimed.reclaimed ? 'running' : 'queued',
      to: 'running',
      ...(claimed.reclaimed ? { reason: 'the lease of the executor before ran out' } : {}),
    });
    const history = run.attempts > 1 ? await readHistory(store, run.id) : [];
    const next: RunContinuation | undefined = run.next;
    const approved = next?.kind === 'resume' ? (next.approvedCalls ?? []) : [];
    const state: ExecutionState = {
      writer,
      unfinishedCalls: unfinishedCalls(history),
      approvedCalls: new Set(approved.map((call) => call.id ?? '')),
      checkpointSaved: false,
      traceContext: next?.traceContext,
      approvalReason: env.settings.approvalReason,
      requestedAction: () => requestedAction(env, writer),
    };
    tools = await env.sandboxTools(run.id, writer);
    const agentConfig = typeof env.settings.config.agent === 'function' ? await env.settings.config.agent(run) : env.settings.config.agent;
    span?.setAttributes(agentAttributes(agentConfig.llm));
    const agent = createSmartAgent(
      recordingAgent(agentConfig, state, tools.tools, {
        text: (text, iteration) => env.signals.sendText(run.id, { iteration, text }),
        replyEnded: () => env.signals.endReply(run.id),
      }),
    );
    let result = await begin(agent, run, next);
    result = await verified(env.settings, agent, run, result, history, writer);
    const status = await finish(env, writer, result);
    const ended = runOutcome(result);
    return { ...ended, attributes: { ...ended.attributes, 'kit.run.status': status } };
  } catch (error) {
    await failed(writer, run, error);
    return { failure: { type: errorCode(error), message: errorText(error), error } };
  } finally {
    clearInterval(renewal);
    env.signals.endReply(run.id);
    env.localRequests.delete(run.id);
    await tools?.close().catch(() => undefined);
    await writer.settled();
  }
}

/** Every event of the run so far (read when an earlier execution may have stopped mid-call). */
async function readHistory(store: RunStore, runId: string): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for (;;) {
    const page = await store.readEvents(runId, { after: events.at(-1)?.sequence ?? 0, limit: 1000 });
    events.push(...page);
    if (page.length < 1000) return events;
  }
}

/** Calls that began and never finished. */
function unfinishedCalls(history: readonly RunEvent[]): Set<string> {
  const open = new Set<string>();
  for (const event of history) {
    if (event.type === 'call_started') open.add(event.data.callId);
    else if (event.type === 'call_finished') open.delete(event.data.callId);
  }
  return open;
}

/**
 * The action asked for: by this process at once; by another, as the run's last write returned it (a
 * run writes at least one checkpoint per iteration, so a request reaches it within one, without reads).
 */
function requestedAction(env: ExecutionEnvironment, writer: RunWriter): ControlAction {
  if (writer.lost) return 'cancel';
  const local = env.localRequests.get(writer.runId);
  if (local) return local === 'cancel' ? 'cancel' : 'pause';
  return writer.lastRecord?.requested ?? 'continue';
}

/** Starts from the goal, or goes on from the checkpoint with what `next` asks for. */
async function begin(agent: SmartAgent, run: RunRecord, next: RunContinuation | undefined): Promise<AgentRunResult> {
  const message = next?.kind === 'resume' ? next.message : '';
  if (!run.checkpoint) return agent.run(message === '' ? run.goal : `${run.goal}\n\n${message}`);
  const approved = next?.kind === 'resume' ? (next.approvedCalls ?? []) : [];
  const checkpoint: AgentCheckpoint =
    approved.length > 0 ? { ...run.checkpoint, pendingCalls: [...(run.checkpoint.pendingCalls ?? []), ...approved] } : run.checkpoint;
  try {
    return await agent.resume(checkpoint, message);
  } catch (error) {
    if (error instanceof KitAIError && error.code === 'invalid_checkpoint')
      throw new KitAIError('invalid_checkpoint', `harness: run "${run.id}" cannot go on from its checkpoint: ${error.message}`);
    throw error;
  }
}

/** The verifiers on a completed run; a failed check sends it back with the feedback, at most `maxVerifyRetries` times. */
async function verified(
  settings: HarnessSettings,
  agent: SmartAgent,
  run: RunRecord,
  first: AgentRunResult,
  history: readonly RunEvent[],
  writer: RunWriter,
): Promise<AgentRunResult> {
  let result = first;
  let attempt = history.filter((event) => event.type === 'verification' && !event.data.pass).length;
  while (result.status === 'completed' && result.checkpoint && settings.verify.length > 0 && !writer.lost) {
    attempt++;
    const failedCheck = await verifyRun(settings.verify, run, result, attempt, writer);
    if (!failedCheck) return result;
    if (attempt > settings.maxVerifyRetries) {
      const { checkpoint: _final, ...rest } = result;
      return {
        ...rest,
        status: 'fatal',
        error: `harness: the check "${failedCheck.verifier}" failed ${attempt} times; last feedback: ${failedCheck.feedback}`,
      };
    }
    // A completed checkpoint is final; the same conversation, held, goes on with the feedback.
    result = await agent.resume({ ...result.checkpoint, stage: 'paused' }, retryMessage(failedCheck));
  }
  return result;
}

/** Records how the execution ended, with its events, in one write; resolves with the run's status, or `lost`. */
async function finish(env: ExecutionEnvironment, writer: RunWriter, result: AgentRunResult): Promise<RunStatus | 'lost'> {
  if (writer.lost) return 'lost';
  const handOff = result.status === 'paused' && env.localRequests.get(writer.runId) === 'handoff';
  const status: RunStatus = handOff ? 'queued' : result.status;
  const events: NewRunEvent[] = [];
  // The loop names the held call; an approval held elsewhere keeps that system's id.
  const pending = result.status === 'approval_required' ? result.pendingApproval : undefined;
  const approvalId = pending?.approvalId ?? pending?.callId;
  const approval = pending && approvalId !== undefined ? { ...pending, approvalId } : undefined;
  if (approval) events.push(runEvent('approval_requested', approval));
  const reason = handOff ? 'handed back: its executor is closing' : result.error;
  events.push(runEvent('status', { from: 'running', to: status, ...(reason !== undefined ? { reason } : {}) }));
  await writer.update({
    status,
    result,
    ...(result.checkpoint ? { checkpoint: result.checkpoint } : {}),
    next: handOff ? withTraceContext<RunContinuation>({ kind: 'resume', message: '' }) : null,
    requested: null,
    pendingApproval: approval ?? null,
    lease: null,
    events,
  });
  return status;
}

/** The code of an error that ended an execution outside the loop, for `error.type`. */
function errorCode(error: unknown): string {
  return error instanceof KitAIError ? error.code : error instanceof Error ? error.name : '_OTHER';
}

/** A run that failed outside the loop (its agent could not be made, its checkpoint not resumed): `fatal`, if the store still works. */
async function failed(writer: RunWriter, run: RunRecord, error: unknown): Promise<void> {
  if (writer.lost) return;
  const message = errorText(error);
  if (error instanceof KitAIError && error.code === 'store_failed') {
    // The store is what failed: the run stays `running` and is taken over when the lease runs out.
    console.warn(`kit-ai harness: run "${run.id}" stopped: ${message}`);
    return;
  }
  const result: AgentRunResult = {
    result: undefined,
    iterations: run.checkpoint?.iterations ?? 0,
    toolCalls: run.checkpoint?.toolCalls ?? [],
    taskCalls: run.checkpoint?.taskCalls ?? [],
    status: 'fatal',
    error: message,
  };
  await writer
    .update({
      status: 'fatal',
      result,
      next: null,
      requested: null,
      lease: null,
      events: [runEvent('status', { from: 'running', to: 'fatal', reason: message })],
    })
    .catch((failure: unknown) =>
      console.warn(`kit-ai harness: run "${run.id}" failed (${message}) and could not be recorded: ${errorText(failure)}`),
    );
}
