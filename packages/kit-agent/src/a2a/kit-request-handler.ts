import type { SendMessageRequest, StreamResponse } from '@a2a-js/sdk';
import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { rememberMethod } from './registry-executor.js';
import type { StreamedTasks } from './skill-streams.js';

/** Work done on a message before the SDK creates a task for it; throws an A2A error to refuse it. */
export type PrepareMessage = (params: SendMessageRequest, context: ServerCallContext) => Promise<void>;

/**
 * The SDK's request handler with a step in front of `SendMessage` and `SendStreamingMessage`:
 * `prepare` resolves the skill and checks the input first, so a bad message is refused with a
 * JSON-RPC error instead of becoming a failed task. A streamed message whose client goes away keeps
 * being taken to its end, so the task store follows the task. `streamed` adds its steps to
 * `CancelTask` and `SubscribeToTask`. Every other method is the SDK's own.
 */
export function kitRequestHandler(inner: A2ARequestHandler, prepare: PrepareMessage, streamed?: StreamedTasks): A2ARequestHandler {
  return {
    getAgentCard: () => inner.getAgentCard(),
    getAuthenticatedExtendedAgentCard: (params, context) => inner.getAuthenticatedExtendedAgentCard(params, context),
    sendMessage: async (params, context) => {
      rememberMethod(context, 'SendMessage');
      await prepare(params, context);
      return inner.sendMessage(params, context);
    },
    sendMessageStream: async function* (params, context) {
      rememberMethod(context, 'SendStreamingMessage');
      await prepare(params, context);
      yield* takenToTheEnd(inner.sendMessageStream(params, context));
    },
    getTask: (params, context) => inner.getTask(params, context),
    listTasks: (params, context) => inner.listTasks(params, context),
    cancelTask: async (params, context) => {
      await streamed?.beforeCancel(params.id, context);
      return inner.cancelTask(params, context);
    },
    resubscribe: async function* (params, context) {
      const reopened = await streamed?.reopen(params.id, context);
      const events = inner.resubscribe(params, context);
      if (!reopened) {
        yield* events;
        return;
      }
      // The SDK's subscriber listens to the task's bus once it has read the task: the work is followed from then on.
      let first: IteratorResult<StreamResponse, void>;
      try {
        first = await events.next();
      } catch (error) {
        reopened.abandon();
        throw error;
      }
      if (first.done) {
        reopened.abandon();
        return;
      }
      reopened.start();
      yield first.value;
      yield* events;
    },
    createTaskPushNotificationConfig: (params, context) => inner.createTaskPushNotificationConfig(params, context),
    getTaskPushNotificationConfig: (params, context) => inner.getTaskPushNotificationConfig(params, context),
    listTaskPushNotificationConfigs: (params, context) => inner.listTaskPushNotificationConfigs(params, context),
    deleteTaskPushNotificationConfig: (params, context) => inner.deleteTaskPushNotificationConfig(params, context),
  };
}

/**
 * The events of a streamed message. The SDK keeps the task store up to date only while someone takes
 * them: when the client goes away before the task ends, the rest are taken and dropped, so the task
 * (which runs on) is stored as it goes on and ends.
 */
async function* takenToTheEnd<T>(events: AsyncGenerator<T, void, undefined>): AsyncGenerator<T, void, undefined> {
  let over = false;
  try {
    for (;;) {
      let next: IteratorResult<T, void>;
      try {
        next = await events.next();
      } catch (error) {
        over = true;
        throw error;
      }
      if (next.done) {
        over = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!over) void drain(events);
  }
}

async function drain(events: AsyncGenerator<unknown, void, undefined>): Promise<void> {
  try {
    while (!(await events.next()).done);
  } catch {
    // The SDK has logged it and stored the task as failed.
  }
}
