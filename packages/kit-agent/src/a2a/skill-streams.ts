import type { AnyAPIDefinition, KitContext } from '@kit/kit-core';
import type { ServerCallContext } from '@a2a-js/sdk/server';

/** The state a streamed skill's task ends in: one of A2A's final states, or `input-required` while a person is awaited. */
export type SkillStreamEnd = 'completed' | 'failed' | 'canceled' | 'input-required';

/**
 * One update of the work a streamed skill follows, as its A2A task shows it:
 * - `progress`: a status update in state `working` whose message holds `text` as a text part and `data`
 *   as a data part (`application/json`), with `metadata` as the message's; `position` is where the work
 *   stood once this update was made, kept in the task's metadata so that following it again goes on
 *   from there;
 * - `artifact`: an artifact of the task, `<taskId>-<id>`, its `value` as a data part and as text (a
 *   string as itself), as the client's `acceptedOutputModes` take them;
 * - `end`: the task's last status update, in `state`, whose message holds `text` and `data`.
 */
export type SkillStreamUpdate =
  | {
      readonly kind: 'progress';
      readonly text?: string;
      readonly data?: unknown;
      readonly metadata?: Record<string, unknown>;
      readonly position?: string;
    }
  | { readonly kind: 'artifact'; readonly id: string; readonly name: string; readonly description: string; readonly value: unknown }
  | { readonly kind: 'end'; readonly state: SkillStreamEnd; readonly text: string; readonly data?: unknown };

/** The work one call of a streamed skill stands for (a run the call started), as its A2A task follows it. */
export interface SkillStream {
  /** Names the work, kept in the task's metadata (`stream.key`) so that the task can be followed again. */
  readonly key: string;
  /**
   * The updates from the stream's position on, ending with an `end` update; without one when `signal`
   * aborts or the stream stops following first (its own time limit), while the work goes on.
   */
  updates(signal: AbortSignal): AsyncIterable<SkillStreamUpdate>;
  /** Stops the work (the task's `CancelTask`); rejects when the work cannot be stopped, having ended. */
  cancel(): Promise<void>;
}

/**
 * How the A2A task of a streamed skill follows the work its call started. Only `SendStreamingMessage`
 * (0.3: `message/stream`) follows it; `SendMessage` answers with the route's output as for any skill.
 */
export interface SkillStreamHook {
  /**
   * The stream of the work a call's `output` stands for, called once the route answered (its input,
   * policy and handler ran as for any call) with the call's context; `position` is where an earlier
   * stream of the task stopped, when it is followed again.
   */
  open(output: unknown, ctx: KitContext, position?: string): Promise<SkillStream>;
  /**
   * How a task whose stream no longer runs (held for a person, or past its time limit) is followed again
   * (`SubscribeToTask`) or canceled (`CancelTask`): the registry calls `route` with `input(key)` as the
   * caller of that request, under the route's validation and policy, and `open` takes its output. Without
   * it such a task is only read, and canceling it leaves the work alone.
   */
  readonly reopen?: { readonly route: AnyAPIDefinition; readonly input: (key: string) => unknown };
}

const hooks = new WeakMap<AnyAPIDefinition, SkillStreamHook>();

/**
 * Makes `SendStreamingMessage` to the skill of route `definition` follow the work the call started,
 * in any `createA2AHandler` over a registry holding that route: the task goes on after the route's
 * answer with the updates of `hook.open(output)` and ends as the work does. Keyed by the definition
 * object, which the registry keeps as given, so the app configures nothing more.
 */
export function streamSkill(definition: AnyAPIDefinition, hook: SkillStreamHook): void {
  hooks.set(definition, hook);
}

/** The stream hook of a route's definition, if `streamSkill` gave it one. */
export function skillStreamHook(definition: AnyAPIDefinition): SkillStreamHook | undefined {
  return hooks.get(definition);
}

/** What the handler does, around the SDK's own methods, for tasks that follow the work of a streamed skill. */
export interface StreamedTasks {
  /** Before `CancelTask`: stops the work the task follows, if it follows any; throws an A2A error to refuse. */
  beforeCancel(taskId: string, context: ServerCallContext): Promise<void>;
  /**
   * Before `SubscribeToTask`: follows the task's work again when no stream does; `start` once the SDK's
   * subscriber listens to the task, else `abandon`. Undefined when there is nothing to reopen.
   */
  reopen(taskId: string, context: ServerCallContext): Promise<{ start(): void; abandon(): void } | undefined>;
}
