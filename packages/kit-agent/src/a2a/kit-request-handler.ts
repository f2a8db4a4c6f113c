import type { SendMessageRequest } from '@a2a-js/sdk';
import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { rememberMethod } from './registry-executor.js';

/** Work done on a message before the SDK creates a task for it; throws an A2A error to refuse it. */
export type PrepareMessage = (params: SendMessageRequest, context: ServerCallContext) => Promise<void>;

/**
 * The SDK's request handler with a step in front of `SendMessage` and `SendStreamingMessage`:
 * `prepare` resolves the skill and checks the input first, so a bad message is refused with a
 * JSON-RPC error instead of becoming a failed task. Every other method is the SDK's own.
 */
export function kitRequestHandler(inner: A2ARequestHandler, prepare: PrepareMessage): A2ARequestHandler {
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
      yield* inner.sendMessageStream(params, context);
    },
    getTask: (params, context) => inner.getTask(params, context),
    listTasks: (params, context) => inner.listTasks(params, context),
    cancelTask: (params, context) => inner.cancelTask(params, context),
    resubscribe: (params, context) => inner.resubscribe(params, context),
    createTaskPushNotificationConfig: (params, context) => inner.createTaskPushNotificationConfig(params, context),
    getTaskPushNotificationConfig: (params, context) => inner.getTaskPushNotificationConfig(params, context),
    listTaskPushNotificationConfigs: (params, context) => inner.listTaskPushNotificationConfigs(params, context),
    deleteTaskPushNotificationConfig: (params, context) => inner.deleteTaskPushNotificationConfig(params, context),
  };
}
