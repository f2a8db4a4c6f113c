// ---
// title: Activatable skills with defineSkill
// description: Defines two developer skills with triggers, prompts and preferred tools, gives them to an agent, and shows the activate_skill meta-tool and the skill descriptions for a hand-built system prompt.
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

// defineSkill fills in source 'developer' and utility 1.0.
const refundTriage = defineSkill({
  name: 'refund-triage',
  description: 'Decides whether a refund can be granted without a human.',
  trigger: 'When the customer asks for their money back.',
  prompt: 'Look up the order first. Refund automatically below 50.00; above that, explain that a person will review it.',
  tools: ['lookup_order', 'issue_refund'],
});

const outageReply = defineSkill({
  name: 'outage-reply',
  description: 'Answers during a known service outage.',
  trigger: 'When the customer reports that the service is down or slow.',
  prompt: 'Check the status page tool, acknowledge the outage, give the next update time and do not promise a fix time.',
  tools: ['status_page'],
  metadata: { owner: 'support-team' },
});

const skills = [refundTriage, outageReply];

export function createSupportAgent(llm: LLMProvider, tools: AgentTool[]) {
  // With skills set, the agent offers the activate_skill meta-tool to the model.
  return createSmartAgent({ llm, tools, skills });
}

// Outside a smart agent you can assemble the same pieces yourself.
export const activateSkill: AgentTool = createActivateSkillTool(skills);
export const skillCatalogue: string = formatSkillDescriptions(skills);
