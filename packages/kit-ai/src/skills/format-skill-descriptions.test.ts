import { describe, expect, it } from 'vitest';
import { isKitAIError } from '../errors/kit-ai-error.js';
import { formatSkillDescriptions } from './format-skill-descriptions.js';
import type { AgentSkill } from './types.js';

describe('formatSkillDescriptions', () => {
  it('is empty for no skills', () => {
    expect(formatSkillDescriptions([])).toBe('');
  });

  it('lists the skills in the order given under a line naming activate_skill', () => {
    const skills: AgentSkill[] = [
      { name: 'zeta', description: 'Last letter\n  first here', trigger: 'always\tfirst', prompt: 'p', tools: ['a', 'b'] },
      { name: 'alpha', description: 'No tools', trigger: 'sometimes', prompt: 'p', tools: [] },
    ];
    expect(formatSkillDescriptions(skills)).toBe(
      [
        'Skills: call the activate_skill tool with a skill\'s name when the situation matches its "use when"; you then receive its guidance.',
        '- zeta: Last letter first here',
        '  use when: always first',
        '  preferred tools: a, b',
        '- alpha: No tools',
        '  use when: sometimes',
      ].join('\n'),
    );
  });

  it('gives the same text for the same skills', () => {
    const skills: AgentSkill[] = [{ name: 's', description: 'd', trigger: 't', prompt: 'p' }];
    expect(formatSkillDescriptions(skills)).toBe(formatSkillDescriptions(structuredClone(skills)));
  });

  it('rejects duplicates and bad skills', () => {
    const skill: AgentSkill = { name: 's', description: 'd', trigger: 't', prompt: 'p' };
    expect(() => formatSkillDescriptions([skill, skill])).toThrow('formatSkillDescriptions: two skills are named "s"');
    let error: unknown;
    try {
      formatSkillDescriptions([{ ...skill, description: '' }]);
    } catch (caught) {
      error = caught;
    }
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
  });
});
