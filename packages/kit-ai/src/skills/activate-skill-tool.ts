import { KitAIError } from '../errors/kit-ai-error.js';
import type { AgentTool, ToolArgs } from '../tools/types.js';
import { checkSkillList } from './check-skill.js';
import type { AgentSkill } from './types.js';

/** What the `activate_skill` tool returns: the skill's name, its guidance and its preferred tools (`[]` when it has none). */
export interface SkillActivation {
  skill: string;
  prompt: string;
  tools: string[];
}

/**
 * Makes the meta-tool `activate_skill` through which the model switches a skill on. Its parameters are
 * `{ name: string }` with an `enum` of the skill names (required, no other property); `execute` returns a
 * `SkillActivation` `{ skill, prompt, tools }`. An unknown name throws `KitAIError('unknown_tool')` listing
 * the known skills. The skills are checked as `defineSkill` checks one, and their names must be distinct;
 * an empty list or a bad skill throws `KitAIError('invalid_config')`. The list is copied: changing it later
 * does not change the tool. The tool has no side effect, so it is marked concurrency-safe.
 *
 * @example
 * ```ts
 * import { createActivateSkillTool, defineSkill } from '@kit/kit-ai';
 *
 * const skills = [
 *   defineSkill({
 *     name: 'refund-triage',
 *     description: 'Decide whether a refund can be granted automatically',
 *     trigger: 'the customer asks for their money back',
 *     prompt: 'Look up the order first; refund automatically only below 50 EUR.',
 *     tools: ['lookup_order'],
 *   }),
 * ];
 * const activateSkill = createActivateSkillTool(skills);
 * const activation = await activateSkill.execute({ name: 'refund-triage' });
 * // { skill: 'refund-triage', prompt: 'Look up the order first; ...', tools: ['lookup_order'] }
 * console.log(activation);
 * ```
 */
export function createActivateSkillTool(skills: AgentSkill[]): AgentTool {
  checkSkillList('createActivateSkillTool', skills);
  if (skills.length === 0) {
    throw new KitAIError(
      'invalid_config',
      'createActivateSkillTool: skills is empty; pass at least one skill, or leave the activate_skill tool out.',
    );
  }
  const byName = new Map<string, SkillActivation>(
    skills.map((skill) => [skill.name, { skill: skill.name, prompt: skill.prompt, tools: [...(skill.tools ?? [])] }]),
  );
  const names = [...byName.keys()];

  return {
    name: 'activate_skill',
    description: `Switch on a skill: its guidance is returned for you to follow and its preferred tools are named. Call it when the situation matches the skill's "use when". Skills: ${names.join(', ')}.`,
    parameters: {
      type: 'object',
      properties: { name: { type: 'string', enum: names, description: 'The name of the skill to activate.' } },
      required: ['name'],
      additionalProperties: false,
    },
    isConcurrencySafe: true,
    async execute(args: ToolArgs): Promise<SkillActivation> {
      const name = args.name;
      const activation = typeof name === 'string' ? byName.get(name) : undefined;
      if (!activation) {
        throw new KitAIError(
          'unknown_tool',
          `activate_skill: there is no skill ${typeof name === 'string' ? `"${name}"` : `named ${JSON.stringify(name) ?? 'undefined'}`}; known skills: ${names.join(', ')}.`,
        );
      }
      return { skill: activation.skill, prompt: activation.prompt, tools: [...activation.tools] };
    },
  };
}
