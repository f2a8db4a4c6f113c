// ---
// title: Activatable skills with defineSkill
// description: Defines two developer skills with triggers, prompts and preferred tools, gives them to an agent (which adds the activate_skill meta-tool itself), and shows the skill catalogue text and an activation outside an agent.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/prompts-skills-and-memory#defineskill
// ---
import {
  createActivateSkillTool,
  createSmartAgent,
  defineSkill,
  formatSkillDescriptions,
  type AgentTool,
  type LLMProvider,
} from '@kit/kit-ai';

// defineSkill fills in source 'developer' and utility 1.0, and throws KitAIError('invalid_config') for a
// name with spaces or an empty description, trigger or prompt.
const refundTriage = defineSkill({
  name: 'refund-triage',
  description: 'Decides whether a refund can be granted without a human.',
  trigger: 'the customer asks for their money back',
  prompt: 'Look up the order first. Refund automatically below 50.00; above that, explain that a person will review it.',
  tools: ['lookup_order', 'issue_refund'],
});

const outageReply = defineSkill({
  name: 'outage-reply',
  description: 'Answers during a known service outage.',
  trigger: 'the customer reports that the service is down or slow',
  prompt: 'Check the status page tool, acknowledge the outage, give the next update time and do not promise a fix time.',
  tools: ['status_page'],
  metadata: { owner: 'support-team' },
});

const skills = [refundTriage, outageReply];

export function createSupportAgent(llm: LLMProvider, tools: AgentTool[]) {
  // With skills, the agent lists them in its system prompt and offers the activate_skill tool. Once the
  // model activates one, each later system prompt holds "## Active skill: <name>", its prompt and
  // "Preferred tools: ...", for the rest of the run.
  return createSmartAgent({ llm, tools, skills });
}

// Outside a smart agent you can assemble the same pieces yourself.
export const skillCatalogue: string = formatSkillDescriptions(skills);
console.log(skillCatalogue);
// Skills: call the activate_skill tool with a skill's name when the situation matches its "use when"; you then receive its guidance.
// - refund-triage: Decides whether a refund can be granted without a human.
//   use when: the customer asks for their money back
//   preferred tools: lookup_order, issue_refund
// - outage-reply: ...

export const activateSkill: AgentTool = createActivateSkillTool(skills);
console.log(await activateSkill.execute({ name: 'outage-reply' }));
// { skill: 'outage-reply', prompt: 'Check the status page tool, ...', tools: ['status_page'] }
