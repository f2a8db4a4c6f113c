import { randomUUID } from 'node:crypto';
import type { Message, Part, TaskState } from '@a2a-js/sdk';
import type { AgentExecutor, ExecutionEventBus, RequestContext, ServerCallContext } from '@a2a-js/sdk/server';
import { ApprovalRequiredError, KitError, type CapabilityRegistry, type KitContext } from '@kit/kit-core';
import { contextFor, toProblem } from '@kit/kit-core/http';
import { inA2AMessageSpan } from '../tracing.js';
import { outputParts } from './output-parts.js';
import type { SkillCall } from './resolve-call.js';
import type { A2ASdk } from './sdk.js';

/** What the HTTP layer knows about the call, kept in the SDK's per-call state. */
export interface HttpOrigin {
  readonly request: Request;
  readonly requestId: string;
  /** The caller the app authenticated, when it is not anonymous: its calls run as that caller. */
  readonly caller?: Pick<KitContext, 'authType' | 'auth'>;
}

const callKey = 'kit.a2a.call';
const originKey = 'kit.a2a.origin';
const methodKey = 'kit.a2a.method';

/** Records the resolved call for the executor, which only sees the SDK's request context. */
export function rememberCall(context: ServerCallContext, call: SkillCall): void {
  context.state.set(callKey, call);
}

/** Records the A2A method of the message (`SendMessage`, `SendStreamingMessage`), which names its span. */
export function rememberMethod(context: ServerCallContext, method: string): void {
  context.state.set(methodKey, method);
}

/** Records the HTTP request the call came in. */
export function rememberOrigin(context: ServerCallContext, origin: HttpOrigin): void {
  context.state.set(originKey, origin);
}

interface Running {
  readonly contextId: string;
  readonly controller: AbortController;
}

/**
 * Runs a task as one call of `CapabilityRegistry.invoke`, publishing its life as A2A events: the
 * task (`submitted`), `working`, then either the artifact and `completed`, or `failed` (`rejected`
 * when the route's policy refused the call) with the problem document in the status message, or
 * `input-required` when the call waits for a person's approval (see `approvalParts`).
 * Cancelling publishes `canceled` at once and aborts the signal of the route's `ctx.request`; the
 * route's result, should it still arrive, is dropped.
 */
export class RegistryExecutor implements AgentExecutor {
  readonly #registry: CapabilityRegistry;
  readonly #sdk: A2ASdk;
  readonly #running = new Map<string, Running>();

  constructor(registry: CapabilityRegistry, sdk: A2ASdk) {
    this.#registry = registry;
    this.#sdk = sdk;
  }

  execute = async (requestContext: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const call = requestContext.context.state.get(callKey) as SkillCall | undefined;
    // The request handler resolves every call before a task exists; reaching here without one is a bug.
    if (!call) throw new Error('RegistryExecutor: no resolved skill call in the request context');
    const message = {
      method: (requestContext.context.state.get(methodKey) as string | undefined) ?? 'SendMessage',
      skill: call.route.operationId,
      taskId: requestContext.taskId,
      contextId: requestContext.contextId,
      messageId: requestContext.userMessage.messageId,
    };
    await inA2AMessageSpan(message, async () => {
      const state = await this.#run(requestContext, bus, call);
      return state === undefined ? undefined : this.#sdk.root.TaskState[state];
    });
  };

  /** Runs the task's call; resolves with the state it ended in, or undefined when it was canceled meanwhile. */
  async #run(requestContext: RequestContext, bus: ExecutionEventBus, call: SkillCall): Promise<TaskState | undefined> {
    const { TaskState } = this.#sdk.root;
    const { AgentEvent } = this.#sdk.server;
    const origin = requestContext.context.state.get(originKey) as HttpOrigin | undefined;
    const { taskId, contextId } = requestContext;
    const controller = new AbortController();
    this.#running.set(taskId, { contextId, controller });
    try {
      bus.publish(
        AgentEvent.task({
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() },
          artifacts: [],
          history: [requestContext.userMessage],
          metadata: { skill: call.route.operationId },
        }),
      );
      this.#status(bus, taskId, contextId, TaskState.TASK_STATE_WORKING);
      let output: unknown;
      try {
        const base = contextFor(routeRequest(origin, controller.signal), 'agent');
        const ctx: KitContext = origin?.caller
          ? { ...base, authType: origin.caller.authType, ...(origin.caller.auth ? { auth: origin.caller.auth } : {}) }
          : base;
        output = await this.#registry.invoke(call.route, call.input, ctx);
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        if (error instanceof ApprovalRequiredError) {
          this.#status(bus, taskId, contextId, TaskState.TASK_STATE_INPUT_REQUIRED, approvalParts(error));
          return TaskState.TASK_STATE_INPUT_REQUIRED;
        }
        const problem = toProblem(error);
        const refused = error instanceof KitError && error.code === 'forbidden';
        const parts: Part[] = [
          textPart(problem.detail),
          { content: { $case: 'data', value: problem }, metadata: undefined, filename: '', mediaType: 'application/problem+json' },
        ];
        const ended = refused ? TaskState.TASK_STATE_REJECTED : TaskState.TASK_STATE_FAILED;
        this.#status(bus, taskId, contextId, ended, parts);
        return ended;
      }
      if (controller.signal.aborted) return undefined;
      const accepted = requestContext.request.configuration?.acceptedOutputModes ?? [];
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: `${taskId}-result`,
            name: call.route.operationId,
            description: `Output of ${call.route.method} ${call.route.path}`,
            parts: outputParts(output, accepted),
            metadata: undefined,
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: undefined,
        }),
      );
      this.#status(bus, taskId, contextId, TaskState.TASK_STATE_COMPLETED);
      return TaskState.TASK_STATE_COMPLETED;
    } finally {
      this.#running.delete(taskId);
    }
  }

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const running = this.#running.get(taskId);
    // A task that is not running has finished: the request handler then reports it not cancelable.
    if (!running) return;
    running.controller.abort(new Error(`A2A task ${taskId} was canceled by the client`));
    this.#status(bus, taskId, running.contextId, this.#sdk.root.TaskState.TASK_STATE_CANCELED, [
      textPart('Canceled by the client; a result the skill still produces is discarded.'),
    ]);
  };

  #status(bus: ExecutionEventBus, taskId: string, contextId: string, state: TaskState, parts?: Part[]): void {
    const message: Message | undefined = parts
      ? {
          messageId: randomUUID(),
          contextId,
          taskId,
          role: this.#sdk.root.Role.ROLE_AGENT,
          parts,
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        }
      : undefined;
    bus.publish(
      this.#sdk.server.AgentEvent.statusUpdate({ taskId, contextId, status: { state, message, timestamp: now() }, metadata: undefined }),
    );
  }
}

/**
 * The status message of a task whose call waits for a person's approval: a text naming the approval,
 * its status URL and that the same call succeeds once approved, and the JSON the HTTP API answers
 * with 202 as a data part. The state is `input-required`, not `auth-required`: A2A means the latter
 * for credentials the client supplies while the agent keeps the task running, whereas here the task
 * has ended and the client acts, by sending the same call again as a new message once a person has
 * approved it (a follow-up on this task is refused, as on any finished task).
 */
function approvalParts(error: ApprovalRequiredError): Part[] {
  const text = `${error.message} Send the same call again, as a new message without taskId, once the approval is given.`;
  return [
    textPart(text),
    { content: { $case: 'data', value: error.pendingBody() }, metadata: undefined, filename: '', mediaType: 'application/json' },
  ];
}

function textPart(text: string): Part {
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' };
}

/**
 * The request a route sees as `ctx.request`: the URL and headers of the A2A HTTP request (so
 * policies read the same headers as over HTTP), without its body, which held the JSON-RPC envelope,
 * and with a signal that aborts when the task is canceled. A task can outlive its HTTP request
 * (`returnImmediately`), so the original request's own signal is not the task's.
 */
function routeRequest(origin: HttpOrigin | undefined, signal: AbortSignal): Request {
  const headers = new Headers(origin?.request.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  if (origin) headers.set('x-request-id', origin.requestId);
  return new Request(origin?.request.url ?? 'http://a2a.invalid/', { method: origin?.request.method ?? 'POST', headers, signal });
}

function now(): string {
  return new Date().toISOString();
}
