import { checkSkillList } from './check-skill.js';
import type { AgentSkill } from './types.js';

/** The first line of the block: it tells the model how a skill is switched on. */
const heading =
  'Skills: call the activate_skill tool with a skill\'s name when the situation matches its "use when"; you then receive its guidance.';

/** One line of text: models read a list best when every entry keeps to its own lines. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The skill catalogue as text for the system prompt, in the order given, so the same skills always give
 * the same text. `''` for no skills. Otherwise a first line telling the model to call `activate_skill`,
 * then for each skill (runs of whitespace, newlines included, collapsed to one space):
 *
 * ```text
 * - <name>: <description>
 *   use when: <trigger>
 *   preferred tools: <tool>, <tool>      (only when the skill has tools)
 * ```
 *
 * Bad skills or duplicate names throw `KitAIError('invalid_config')`.
 *
 * @example
 * ```ts
 * import { defineSkill, formatSkillDescriptions } from '@kit/kit-ai';
 *
 * const text = formatSkillDescriptions([
 *   defineSkill({
 *     name: 'refund-triage',
 *     description: 'Decide whether a refund can be granted automatically',
 *     trigger: 'the customer asks for their money back',
 *     prompt: 'Look up the order first.',
 *     tools: ['lookup_order', 'issue_refund'],
 *   }),
 * ]);
 * // Skills: call the activate_skill tool with a skill's name when the situation matches its "use when"; you then receive its guidance.
 * // - refund-triage: Decide whether a refund can be granted automatically
 * //   use when: the customer asks for their money back
 * //   preferred tools: lookup_order, issue_refund
 * console.log(text);
 * ```
 */
export function formatSkillDescriptions(skills: AgentSkill[]): string {
  checkSkillList('formatSkillDescriptions', skills);
  if (skills.length === 0) return '';
  const lines = [heading];
  for (const skill of skills) {
    lines.push(`- ${skill.name}: ${oneLine(skill.description)}`, `  use when: ${oneLine(skill.trigger)}`);
    if (skill.tools && skill.tools.length > 0) lines.push(`  preferred tools: ${skill.tools.join(', ')}`);
  }
  return lines.join('\n');
}
