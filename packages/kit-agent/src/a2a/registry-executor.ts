import { randomUUID } from 'node:crypto';
import type { Message, Part, Task, TaskState } from '@a2a-js/sdk';
import type {
  AgentExecutor,
  ExecutionEventBus,
  ExecutionEventBusManager,
  RequestContext,
  ServerCallContext,
  TaskStore,
} from '@a2a-js/sdk/server';
import { ApprovalRequiredError, KitError, type CapabilityRegistry, type KitContext } from '@kit/kit-core';
import { contextFor, toProblem } from '@kit/kit-core/http';
import { inA2AMessageSpan } from '../tracing.js';
import { outputParts } from './output-parts.js';
import type { SkillCall } from './resolve-call.js';
import type { A2ASdk } from './sdk.js';
import { skillStreamHook, type SkillStream, type SkillStreamEnd, type SkillStreamHook, type StreamedTasks } from './skill-streams.js';

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

/** Where the executor finds a task and its event bus again, to follow or cancel the work of a streamed skill. */
export interface ExecutorTasks {
  readonly store: TaskStore;
  readonly buses: ExecutionEventBusManager;
}

interface Running {
  readonly contextId: string;
  readonly controller: AbortController;
  /** The work the task follows, once the call of a streamed skill answered (see `SkillStreamHook`). */
  stream?: { readonly stream: SkillStream; readonly hook: SkillStreamHook };
}

/** A task that follows the work of a streamed skill. */
interface FollowedTask {
  readonly taskId: string;
  readonly contextId: string;
  /** The client's `acceptedOutputModes`, for artifacts. */
  readonly accepted: readonly string[];
  /** Whether `SubscribeToTask` can follow the task again once its stream stops. */
  readonly reopenable: boolean;
}

/** What a stored task says of the stream it follows: set by the status updates of a streamed skill. */
interface StoredStream {
  readonly skill: string;
  readonly key: string;
  readonly position: string | undefined;
  readonly hook: SkillStreamHook;
}

/**
 * Runs a task as one call of `CapabilityRegistry.invoke`, publishing its life as A2A events: the
 * task (`submitted`), `working`, then either the artifact and `completed`, or `failed` (`rejected`
 * when the route's policy refused the call) with the problem document in the status message, or
 * `input-required` when the call waits for a person's approval (see `approvalParts`).
 * Cancelling publishes `canceled` at once and aborts the signal of the route's `ctx.request`; the
 * route's result, should it still arrive, is dropped.
 *
 * A `SendStreamingMessage` to a skill with a stream hook (`streamSkill`) goes on after the call: the
 * task follows the work the call started, one update after another, and ends as the work does (see
 * `#follow`). Such a task can be followed again with `SubscribeToTask` once its stream stopped, and
 * `CancelTask` stops its work as well (`reopen`, `beforeCancel`).
 */
export class RegistryExecutor implements AgentExecutor, StreamedTasks {
  readonly #registry: CapabilityRegistry;
  readonly #sdk: A2ASdk;
  readonly #tasks: ExecutorTasks;
  readonly #running = new Map<string, Running>();

  constructor(registry: CapabilityRegistry, sdk: A2ASdk, tasks: ExecutorTasks) {
    this.#registry = registry;
    this.#sdk = sdk;
    this.#tasks = tasks;
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
      const state = await this.#run(requestContext, bus, call, message.method === 'SendStreamingMessage');
      return state === undefined ? undefined : this.#sdk.root.TaskState[state];
    });
  };

  /** Runs the task's call; resolves with the state it ended in, or undefined when it was canceled meanwhile. */
  async #run(requestContext: RequestContext, bus: ExecutionEventBus, call: SkillCall, streaming: boolean): Promise<TaskState | undefined> {
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
      const ctx = callerContext(origin, controller.signal);
      let output: unknown;
      try {
        output = await this.#registry.invoke(call.route, call.input, ctx);
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        if (error instanceof ApprovalRequiredError) {
          this.#status(bus, taskId, contextId, TaskState.TASK_STATE_INPUT_REQUIRED, approvalParts(error));
          return TaskState.TASK_STATE_INPUT_REQUIRED;
        }
        return this.#failed(bus, taskId, contextId, error);
      }
      const accepted = requestContext.request.configuration?.acceptedOutputModes ?? [];
      const hook = streaming ? skillStreamHook(call.route.definition) : undefined;
      if (hook) {
        let stream: SkillStream;
        try {
          stream = await hook.open(output, ctx);
        } catch (error) {
          if (controller.signal.aborted) return undefined;
          return this.#failed(bus, taskId, contextId, error);
        }
        if (controller.signal.aborted) {
          // The client canceled the task while its work was starting: the work is canceled too.
          void stream.cancel().catch(() => undefined);
          return undefined;
        }
        const followed = { taskId, contextId, accepted, reopenable: hook.reopen !== undefined };
        return await this.#follow(bus, followed, { stream, hook }, controller);
      }
      if (controller.signal.aborted) return undefined;
      this.#artifact(bus, taskId, contextId, {
        id: 'result',
        name: call.route.operationId,
        description: `Output of ${call.route.method} ${call.route.path}`,
        parts: outputParts(output, accepted),
      });
      this.#status(bus, taskId, contextId, TaskState.TASK_STATE_COMPLETED);
      return TaskState.TASK_STATE_COMPLETED;
    } finally {
      this.#running.delete(taskId);
    }
  }

  /** Ends a task whose call failed: `failed`, or `rejected` when the route's policy refused it, with the problem document. */
  #failed(bus: ExecutionEventBus, taskId: string, contextId: string, error: unknown): TaskState {
    const { TaskState } = this.#sdk.root;
    const problem = toProblem(error);
    const refused = error instanceof KitError && error.code === 'forbidden';
    const parts: Part[] = [textPart(problem.detail), dataPart(problem, 'application/problem+json')];
    const ended = refused ? TaskState.TASK_STATE_REJECTED : TaskState.TASK_STATE_FAILED;
    this.#status(bus, taskId, contextId, ended, parts);
    return ended;
  }

  /**
   * Publishes the updates of a skill's stream as the task's: `working` status updates, artifacts, and
   * the state the work ends in. Each status update keeps `{ stream: { key, position } }` in the task's
   * metadata, from which `reopen` goes on. A stream that stops before the work ends (its time limit, a
   * store that failed) leaves the task `working`, saying so; a canceled task publishes nothing more.
   * Resolves with the state the task is left in, or undefined when it was canceled.
   */
  async #follow(
    bus: ExecutionEventBus,
    task: FollowedTask,
    followed: NonNullable<Running['stream']>,
    controller: AbortController,
  ): Promise<TaskState | undefined> {
    const { TaskState } = this.#sdk.root;
    const { taskId, contextId } = task;
    const running = this.#running.get(taskId);
    if (running) running.stream = followed;
    let position: string | undefined;
    const metadata = () => ({ stream: { key: followed.stream.key, ...(position === undefined ? {} : { position }) } });
    const again = task.reopenable ? ` SubscribeToTask with this task's id (${taskId}) follows it again.` : '';
    let stopped: string;
    try {
      for await (const update of followed.stream.updates(controller.signal)) {
        if (controller.signal.aborted) return undefined;
        if (update.kind === 'progress') {
          if (update.position !== undefined) position = update.position;
          this.#status(bus, taskId, contextId, TaskState.TASK_STATE_WORKING, messageParts(update.text, update.data), {
            metadata: metadata(),
            ...(update.metadata ? { messageMetadata: update.metadata } : {}),
          });
        } else if (update.kind === 'artifact') {
          this.#artifact(bus, taskId, contextId, {
            id: update.id,
            name: update.name,
            description: update.description,
            parts: valueParts(update.value, task.accepted),
          });
        } else {
          const state = endState(TaskState, update.state);
          const text = update.state === 'input-required' && again ? `${update.text} Then${again}` : update.text;
          this.#status(bus, taskId, contextId, state, messageParts(text, update.data), { metadata: metadata() });
          return state;
        }
      }
      stopped = 'The stream stopped following the work before it ended';
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      stopped = `Following the work failed (${toProblem(error).detail})`;
    }
    if (controller.signal.aborted) return undefined;
    this.#status(bus, taskId, contextId, TaskState.TASK_STATE_WORKING, [textPart(`${stopped}; the work goes on.${again}`)], {
      metadata: metadata(),
    });
    return TaskState.TASK_STATE_WORKING;
  }

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const running = this.#running.get(taskId);
    // A task that is not running has finished: the request handler then reports it not cancelable.
    if (!running) return;
    running.controller.abort(new Error(`A2A task ${taskId} was canceled by the client`));
    // `beforeCancel` has stopped the work a streamed task follows.
    const text = running.stream
      ? 'Canceled by the client, and so is the work the task followed (at its next control point if it was executing).'
      : 'Canceled by the client; a result the skill still produces is discarded.';
    this.#status(bus, taskId, running.contextId, this.#sdk.root.TaskState.TASK_STATE_CANCELED, [textPart(text)]);
  };

  /**
   * Before `CancelTask`: stops the work a streamed task follows, whether a stream of this process follows
   * it or none does (a task held for a person). The work is reached as the caller of this request, through
   * the hook's `reopen` route with its validation and policy, so only a caller that may see it stops it;
   * refused, or when the work has already ended, it is `TaskNotCancelableError` and the task is left as it
   * is. Any other task is left to the SDK.
   */
  beforeCancel = async (taskId: string, context: ServerCallContext): Promise<void> => {
    const running = this.#running.get(taskId)?.stream;
    const stored = running ? undefined : await this.#storedStream(taskId, context);
    const hook = running?.hook ?? stored?.hook;
    if (!hook) return;
    const refuse = (detail: string) =>
      new this.#sdk.errors.TaskNotCancelableError(`Task ${taskId} follows work that cannot be canceled: ${detail}`);
    // Without the reopen route in the registry, a running stream is stopped as any running task is canceled.
    const reopened = hook.reopen && (await this.#reopenStream(hook, running?.stream.key ?? stored!.key, stored?.position, context, refuse));
    const stream = reopened || running?.stream;
    if (!stream) return;
    try {
      await stream.cancel();
    } catch (error) {
      throw refuse(toProblem(error).detail);
    }
  };

  /**
   * Before `SubscribeToTask`: a streamed task that no stream of this process follows (it was held for a
   * person, or its stream reached its time limit) and that has not ended is followed again from where
   * its last stream stopped, as the caller of this request (the hook's `reopen` route, with its
   * validation and policy; refused, it is `UnsupportedOperationError`). The updates are published on a
   * new event bus, and kept in the task store as they come. `start` once the subscriber listens to the
   * bus, or `abandon`.
   */
  reopen = async (taskId: string, context: ServerCallContext): Promise<{ start(): void; abandon(): void } | undefined> => {
    const { buses, store } = this.#tasks;
    const idle = () => !this.#running.has(taskId) && buses.getByTaskId(taskId, context) === undefined;
    if (!idle()) return undefined;
    const stored = await this.#storedStream(taskId, context);
    if (!stored?.hook.reopen) return undefined;
    const refuse = (detail: string) => new this.#sdk.errors.UnsupportedOperationError(`Task ${taskId} cannot be followed again: ${detail}`);
    const stream = await this.#reopenStream(stored.hook, stored.key, stored.position, context, refuse);
    // Another subscriber may have reopened it meanwhile: this one listens to that stream.
    if (!stream || !idle()) return undefined;
    const task = (await store.load(taskId, context))!;
    const bus = buses.createOrGetByTaskId(taskId, context);
    const controller = new AbortController();
    const followed = { stream, hook: stored.hook };
    this.#running.set(taskId, { contextId: task.contextId, controller, stream: followed });
    this.#keepInStore(bus, context);
    const finish = () => {
      this.#running.delete(taskId);
      bus.finished();
      buses.cleanupByTaskId(taskId, context);
    };
    return {
      start: () => {
        const trace = { method: 'SubscribeToTask', skill: stored.skill, taskId, contextId: task.contextId, messageId: undefined };
        const accepted: readonly string[] = [];
        void inA2AMessageSpan(trace, async () => {
          const state = await this.#follow(bus, { taskId, contextId: task.contextId, accepted, reopenable: true }, followed, controller);
          return state === undefined ? undefined : this.#sdk.root.TaskState[state];
        })
          .catch(() => undefined)
          .finally(finish);
      },
      abandon: finish,
    };
  };

  /** The stream a stored task follows, unless it has ended or follows none. */
  async #storedStream(taskId: string, context: ServerCallContext): Promise<StoredStream | undefined> {
    const { TaskState } = this.#sdk.root;
    const task: Task | undefined = await this.#tasks.store.load(taskId, context);
    const state = task?.status?.state;
    const ended = [
      TaskState.TASK_STATE_COMPLETED,
      TaskState.TASK_STATE_FAILED,
      TaskState.TASK_STATE_CANCELED,
      TaskState.TASK_STATE_REJECTED,
    ];
    if (!task || state === undefined || ended.includes(state)) return undefined;
    const skill: unknown = task.metadata?.skill;
    const stream: unknown = task.metadata?.stream;
    if (typeof skill !== 'string' || typeof stream !== 'object' || stream === null) return undefined;
    const { key, position } = stream as { key?: unknown; position?: unknown };
    const route = this.#registry.get(skill);
    const hook = route && skillStreamHook(route.definition);
    if (!hook || typeof key !== 'string') return undefined;
    return { skill, key, position: typeof position === 'string' ? position : undefined, hook };
  }

  /**
   * The stream of a task's work again: the hook's `reopen` route called as the caller of this A2A request
   * (undefined when the registry does not hold that route), its output opened from `position`. A call the
   * route refuses or that fails is `refuse(detail)`.
   */
  async #reopenStream(
    hook: SkillStreamHook,
    key: string,
    position: string | undefined,
    context: ServerCallContext,
    refuse: (detail: string) => Error,
  ): Promise<SkillStream | undefined> {
    const reopen = hook.reopen;
    const route = reopen && this.#registry.routes.find((candidate) => candidate.definition === reopen.route);
    if (!reopen || !route) return undefined;
    const ctx = callerContext(context.state.get(originKey) as HttpOrigin | undefined, new AbortController().signal);
    try {
      const output = await this.#registry.invoke(route, reopen.input(key), ctx);
      return await hook.open(output, ctx, position);
    } catch (error) {
      throw refuse(toProblem(error).detail);
    }
  }

  /**
   * Keeps a task's events in the task store as they are published on `bus`, as the SDK does for the
   * stream of the message that created the task: its subscribers only listen.
   */
  #keepInStore(bus: ExecutionEventBus, context: ServerCallContext): void {
    const queue = new this.#sdk.server.ExecutionEventQueue(bus);
    const results = new this.#sdk.server.ResultManager(this.#tasks.store, context);
    void (async () => {
      for await (const event of queue.events()) await results.processEvent(event);
    })().catch(() => undefined);
  }

  /** Publishes a whole artifact of the task, named `<taskId>-<id>`. */
  #artifact(
    bus: ExecutionEventBus,
    taskId: string,
    contextId: string,
    artifact: { id: string; name: string; description: string; parts: Part[] },
  ): void {
    bus.publish(
      this.#sdk.server.AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: {
          artifactId: `${taskId}-${artifact.id}`,
          name: artifact.name,
          description: artifact.description,
          parts: artifact.parts,
          metadata: undefined,
          extensions: [],
        },
        append: false,
        lastChunk: true,
        metadata: undefined,
      }),
    );
  }

  #status(
    bus: ExecutionEventBus,
    taskId: string,
    contextId: string,
    state: TaskState,
    parts?: Part[],
    extra: { metadata?: Record<string, unknown>; messageMetadata?: Record<string, unknown> } = {},
  ): void {
    const message: Message | undefined = parts
      ? {
          messageId: randomUUID(),
          contextId,
          taskId,
          role: this.#sdk.root.Role.ROLE_AGENT,
          parts,
          metadata: extra.messageMetadata,
          extensions: [],
          referenceTaskIds: [],
        }
      : undefined;
    bus.publish(
      this.#sdk.server.AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state, message, timestamp: now() },
        metadata: extra.metadata,
      }),
    );
  }
}

/** The A2A state of a stream's end. */
function endState(states: A2ASdk['root']['TaskState'], end: SkillStreamEnd): TaskState {
  switch (end) {
    case 'completed':
      return states.TASK_STATE_COMPLETED;
    case 'failed':
      return states.TASK_STATE_FAILED;
    case 'canceled':
      return states.TASK_STATE_CANCELED;
    case 'input-required':
      return states.TASK_STATE_INPUT_REQUIRED;
  }
}

/** The parts of a stream's status message: the text, then the data (`application/json`), each when given. */
function messageParts(text: string | undefined, data: unknown): Part[] | undefined {
  const parts: Part[] = [];
  if (text !== undefined) parts.push(textPart(text));
  if (data !== undefined) parts.push(dataPart(data, 'application/json'));
  return parts.length === 0 ? undefined : parts;
}

/** The parts of an artifact of a stream: as `outputParts`, but a string's text part is the string itself rather than its JSON. */
function valueParts(value: unknown, accepted: readonly string[]): Part[] {
  const parts = outputParts(value, accepted);
  if (typeof value !== 'string') return parts;
  const text = parts.find((part) => part.content?.$case === 'text');
  return text ? [{ ...text, content: { $case: 'text', value } }] : parts;
}

/** The context a skill call runs in: the A2A request's, as the caller the app authenticated or else as an agent. */
function callerContext(origin: HttpOrigin | undefined, signal: AbortSignal): KitContext {
  const base = contextFor(routeRequest(origin, signal), 'agent');
  return origin?.caller ? { ...base, authType: origin.caller.authType, ...(origin.caller.auth ? { auth: origin.caller.auth } : {}) } : base;
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
  return [textPart(text), dataPart(error.pendingBody(), 'application/json')];
}

function textPart(text: string): Part {
  return { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' };
}

function dataPart(value: unknown, mediaType: string): Part {
  return { content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType };
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
