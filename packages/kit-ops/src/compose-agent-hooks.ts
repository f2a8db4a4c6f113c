import type { AgentCheckpoint, CallDecision, ControlAction, SmartAgentHooks } from '@kit/kit-ai';

/**
 * Combines several `SmartAgentHooks` into one, in order. Observers (`afterToolCall`, `afterTaskCall`,
 * `onRunComplete`, `afterIteration`, `onStallWarning`, `onPostRunError`) all run, one after the other;
 * `beforeToolCall` and `beforeTaskCall` stop at the first that refuses; `getControlState` returns the
 * first action other than `continue`; `onCheckpoint` passes each hook the checkpoint the previous one
 * returned (or kept).
 *
 * @example
 * ```ts
 * import { createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 * import { agentOpsHooks, composeAgentHooks, createOpsStore } from '@kit/kit-ops';
 *
 * declare const llm: LLMProvider;
 * const ops = createOpsStore({ path: './.kit/ops.sqlite' });
 * const agent = createSmartAgent({
 *   llm,
 *   tools: [],
 *   hooks: composeAgentHooks(
 *     { beforeToolCall: (call) => ({ allowed: call.name !== 'delete_everything', reason: 'never' }) },
 *     agentOpsHooks(ops, { agent: 'support' }),
 *   ),
 * });
 * ```
 */
export function composeAgentHooks(...all: readonly SmartAgentHooks[]): SmartAgentHooks {
  const having = <K extends keyof SmartAgentHooks>(name: K) => all.filter((hooks) => typeof hooks[name] === 'function');
  const composed: SmartAgentHooks = {};
  const observe = <K extends 'afterToolCall' | 'afterTaskCall' | 'onRunComplete' | 'afterIteration'>(name: K) => {
    const list = having(name);
    if (list.length === 0) return;
    composed[name] = (async (value: never) => {
      for (const hooks of list) await (hooks[name] as (value: never) => unknown)(value);
    }) as SmartAgentHooks[K];
  };
  observe('afterToolCall');
  observe('afterTaskCall');
  observe('onRunComplete');
  observe('afterIteration');
  for (const name of ['onStallWarning', 'onPostRunError'] as const) {
    const list = having(name);
    if (list.length > 0)
      composed[name] = ((info: never) => {
        for (const hooks of list) (hooks[name] as (info: never) => void)(info);
      }) as never;
  }
  for (const name of ['beforeToolCall', 'beforeTaskCall'] as const) {
    const list = having(name);
    if (list.length > 0)
      composed[name] = async (call) => {
        for (const hooks of list) {
          const decision: CallDecision = await (hooks[name] as NonNullable<SmartAgentHooks['beforeToolCall']>)(call);
          if (!decision.allowed) return decision;
        }
        return { allowed: true };
      };
  }
  const control = having('getControlState');
  if (control.length > 0)
    composed.getControlState = async (context) => {
      for (const hooks of control) {
        const { action } = await (hooks.getControlState as NonNullable<SmartAgentHooks['getControlState']>)(context);
        if (action !== 'continue') return { action };
      }
      return { action: 'continue' as ControlAction };
    };
  const checkpoints = having('onCheckpoint');
  if (checkpoints.length > 0)
    composed.onCheckpoint = async (checkpoint) => {
      let current: AgentCheckpoint = checkpoint;
      let changed = false;
      for (const hooks of checkpoints) {
        const next = await (hooks.onCheckpoint as NonNullable<SmartAgentHooks['onCheckpoint']>)(current);
        if (next) {
          current = next;
          changed = true;
        }
      }
      return changed ? current : undefined;
    };
  return composed;
}
