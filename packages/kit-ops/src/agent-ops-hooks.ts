import { randomUUID } from 'node:crypto';
import type { AgentRunResult, AgentRunStatus, AgentTaskCallRecord, AgentToolCallRecord, CallStatus, SmartAgentHooks } from '@kit/kit-ai';
import type { OpsStore } from './create-ops-store.js';
import { describeValue, KitOpsError } from './kit-ops-error.js';
import { reportError } from './report-error.js';
import type { OpsEventInput, OpsStatus } from './types.js';

/** Options of `agentOpsHooks`. */
export interface AgentOpsHooksOptions {
  /** The agent's name: the subject of its `agent.run` events and the prefix of its `tool.call` subjects. */
  agent: string;
  /**
   * The correlation id of the run now starting (a job run id, a request id). Default: a new
   * `run_<uuid>` per `run` or `resume` call, shared by its tool calls and its `agent.run` event.
   */
  correlationId?: () => string | undefined;
  /** Called when an event cannot be recorded (the run goes on). Default: `console.warn`. */
  onError?: (error: unknown) => void;
}

// A run that stops at max_iterations is resumable, like a pause (recurring agent jobs span several calls
// that way), so it is pending rather than an error that would feed failure incidents.
const runStatus: Record<AgentRunStatus, OpsStatus> = {
  completed: 'ok',
  max_iterations: 'pending',
  fatal: 'error',
  approval_required: 'pending',
  paused: 'pending',
  canceled: 'canceled',
};

const callStatus: Record<CallStatus, OpsStatus> = { success: 'ok', error: 'error', denied: 'denied' };

/**
 * Hooks for a kit-ai smart agent that record each tool and task call as a `tool.call` event (subject
 * `<agent>/<tool>`), each end of a `run` or `resume` as an `agent.run` event (subject `<agent>`, status
 * `ok` when completed, `pending` when paused or waiting for approval, `canceled`, else `error`), and
 * each approval the run waits for as an `approval` event with decision `requested`. One set of hooks
 * follows one run at a time; give concurrent runs their own. Recording never changes a run's result.
 * Combine with your own hooks through `composeAgentHooks`.
 *
 * @example
 * ```ts
 * import { createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 * import { agentOpsHooks, createOpsStore } from '@kit/kit-ops';
 *
 * declare const llm: LLMProvider;
 * const ops = createOpsStore({ path: './.kit/ops.sqlite' });
 * const agent = createSmartAgent({ llm, tools: [], hooks: agentOpsHooks(ops, { agent: 'support' }) });
 * await agent.run('Summarise the open tickets');
 * console.log(ops.query({ kind: 'agent.run', subject: 'support', limit: 1 })[0]?.status);
 * ```
 */
export function agentOpsHooks(store: OpsStore, options: AgentOpsHooksOptions): SmartAgentHooks {
  if (typeof store?.record !== 'function')
    throw new KitOpsError('invalid_config', `agentOpsHooks: store must be an OpsStore from createOpsStore, got ${describeValue(store)}`);
  if (typeof options?.agent !== 'string' || options.agent.trim() === '') {
    throw new KitOpsError(
      'invalid_config',
      `agentOpsHooks: agent must be a non-empty name such as "support", got ${describeValue(options?.agent)}`,
    );
  }
  const { agent, onError } = options;
  let run: { correlationId: string; startedAt: number } | undefined;
  const current = () => (run ??= { correlationId: options.correlationId?.() ?? `run_${randomUUID()}`, startedAt: performance.now() });
  const record = (event: OpsEventInput) => {
    try {
      store.record(event);
    } catch (error) {
      reportError(onError, 'agentOpsHooks', error);
    }
  };
  const recordCall = (call: AgentToolCallRecord | AgentTaskCallRecord, name: string, type: 'tool' | 'task') => {
    record({
      kind: 'tool.call',
      subject: `${agent}/${name}`,
      status: callStatus[call.status],
      correlationId: current().correlationId,
      durationMs: call.durationMs,
      data: {
        agent,
        tool: name,
        callId: call.id,
        iteration: call.iteration,
        call: type,
        ...(call.error === undefined ? {} : { error: call.error }),
      },
    });
  };
  return {
    // Asked before the first model call, so the run's duration starts there.
    getControlState: () => {
      current();
      return { action: 'continue' };
    },
    afterToolCall: (call) => recordCall(call, call.tool, 'tool'),
    afterTaskCall: (call) => recordCall(call, call.task, 'task'),
    onRunComplete: (result: AgentRunResult) => {
      const { correlationId, startedAt } = current();
      run = undefined;
      if (result.status === 'approval_required' && result.pendingApproval) {
        const pending = result.pendingApproval;
        record({
          kind: 'approval',
          subject: `${agent}/${pending.tool}`,
          status: 'pending',
          correlationId,
          data: { decision: 'requested', tool: pending.tool, reason: pending.reason, agent },
        });
      }
      record({
        kind: 'agent.run',
        subject: agent,
        status: runStatus[result.status],
        correlationId,
        durationMs: Math.round((performance.now() - startedAt) * 1000) / 1000,
        data: {
          agent,
          runStatus: result.status,
          iterations: result.iterations,
          toolCalls: result.toolCalls.length,
          taskCalls: result.taskCalls.length,
          ...(result.error === undefined ? {} : { error: result.error }),
          ...(result.usage ? { usage: result.usage } : {}),
        },
      });
    },
  };
}
