import type { ControlAction, ControlPoint, SmartAgentConfig, StopHookResult } from './types.js';
import type { SavedState } from './checkpoint.js';
import { invokeHook } from './hook-call.js';
import { RunFailure } from './run-failure.js';

/**
 * `getControlState` at `point`: `continue` without the hook. An answer that is not one of the three
 * actions fails the run rather than guess what the application meant.
 */
export async function askControl(config: SmartAgentConfig, point: ControlPoint, iteration: number, goal: string): Promise<ControlAction> {
  const hook = config.hooks?.getControlState;
  if (!hook) return 'continue';
  const answer: unknown = await invokeHook('getControlState', () => hook({ point, iteration, goal }));
  const action = (answer as { action?: unknown } | null | undefined)?.action;
  if (action !== 'continue' && action !== 'pause' && action !== 'cancel') {
    throw new RunFailure(
      `hooks.getControlState returned ${JSON.stringify(answer) ?? 'undefined'}; return { action: 'continue' | 'pause' | 'cancel' }`,
    );
  }
  return action;
}

/**
 * The stop hooks' verdict on a reply without calls, in order: the feedback of the first that fails it
 * (what goes back to the model), or `undefined` when every one passes.
 */
export async function stopHookFeedback(config: SmartAgentConfig, response: string, state: SavedState): Promise<string | undefined> {
  for (const hook of config.stopHooks ?? []) {
    const context = { response, messages: state.messages.slice(), toolCalls: state.toolCalls.slice(), goal: state.goal };
    const verdict: unknown = await invokeHook('evaluate', () => hook.evaluate(context), `stop hook "${hook.name}"`);
    if (typeof (verdict as { pass?: unknown } | null)?.pass !== 'boolean') {
      throw new RunFailure(
        `stop hook "${hook.name}" returned ${JSON.stringify(verdict) ?? 'undefined'}; return { pass: boolean, feedback?: string }`,
      );
    }
    if (!(verdict as StopHookResult).pass) {
      const feedback = (verdict as StopHookResult).feedback?.trim();
      return feedback ? feedback : `Your answer did not pass the check "${hook.name}". Revise it.`;
    }
  }
  return undefined;
}
