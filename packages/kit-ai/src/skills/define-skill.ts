import { checkSkill } from './check-skill.js';
import type { AgentSkill } from './types.js';

/**
 * Declares a hand-written skill. Fills `source: 'developer'` and `utility: 1.0` when the definition leaves
 * them out, and checks it: the name must match `/^[a-z0-9][a-z0-9_-]*$/i` (it is what the model passes to
 * `activate_skill`), `description`, `trigger` and `prompt` must be non-empty, `utility` within 0..1. A bad
 * definition throws `KitAIError('invalid_config')`. Returns a new object; `def` is not changed.
 *
 * @example
 * ```ts
 * import { createSmartAgent, defineSkill, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * const refundTriage = defineSkill({
 *   name: 'refund-triage',
 *   description: 'Decide whether a refund request can be granted automatically',
 *   trigger: 'the customer asks for their money back',
 *   prompt: 'Look up the order first. Grant automatically only below 50 EUR; otherwise ask for approval.',
 *   tools: ['lookup_order', 'issue_refund'],
 * });
 * console.log(refundTriage.source, refundTriage.utility); // developer 1
 * const agent = createSmartAgent({ llm, tools: [], skills: [refundTriage] });
 * ```
 */
export function defineSkill(def: AgentSkill): AgentSkill & { source: 'developer' | 'evolved'; utility: number } {
  checkSkill('defineSkill', def);
  const skill: AgentSkill & { source: 'developer' | 'evolved'; utility: number } = {
    ...def,
    source: def.source ?? 'developer',
    utility: def.utility ?? 1.0,
  };
  if (def.tools) skill.tools = [...def.tools];
  return skill;
}
