import { describe, expect, it } from 'vitest';
import { KitAIError, isKitAIError } from '../errors/kit-ai-error.js';
import { validateArgs } from '../tools/validate-args.js';
import { createActivateSkillTool } from './activate-skill-tool.js';
import { defineSkill } from './define-skill.js';
import type { AgentSkill } from './types.js';

const refund = defineSkill({
  name: 'refund-triage',
  description: 'Refunds',
  trigger: 'money back',
  prompt: 'Look up the order first.',
  tools: ['lookup_order', 'issue_refund'],
});
const outage: AgentSkill = { name: 'outage', description: 'Outages', trigger: 'service down', prompt: 'Check the status page.' };

describe('createActivateSkillTool', () => {
  it('is the activate_skill tool with an enum of the skill names', () => {
    const tool = createActivateSkillTool([refund, outage]);
    expect(tool.name).toBe('activate_skill');
    expect(tool.isConcurrencySafe).toBe(true);
    expect(tool.description).toContain('Skills: refund-triage, outage.');
    expect(tool.parameters).toEqual({
      type: 'object',
      properties: { name: { type: 'string', enum: ['refund-triage', 'outage'], description: 'The name of the skill to activate.' } },
      required: ['name'],
      additionalProperties: false,
    });
    // The agent loop checks arguments against the schema before execute.
    expect(validateArgs({ name: 'outage' }, tool.parameters ?? {}).valid).toBe(true);
    expect(validateArgs({ name: 'nope' }, tool.parameters ?? {}).errors).toEqual([
      { path: 'name', message: 'name must be one of "refund-triage", "outage"' },
    ]);
  });

  it('returns the activation with the prompt and preferred tools', async () => {
    const tool = createActivateSkillTool([refund, outage]);
    expect(await tool.execute({ name: 'refund-triage' })).toEqual({
      skill: 'refund-triage',
      prompt: 'Look up the order first.',
      tools: ['lookup_order', 'issue_refund'],
    });
    expect(await tool.execute({ name: 'outage' })).toEqual({ skill: 'outage', prompt: 'Check the status page.', tools: [] });
  });

  it('throws unknown_tool listing the known skills', async () => {
    const tool = createActivateSkillTool([refund, outage]);
    const error = await tool.execute({ name: 'Outage' }).catch((caught: unknown) => caught);
    expect(isKitAIError(error, 'unknown_tool')).toBe(true);
    expect((error as KitAIError).message).toBe('activate_skill: there is no skill "Outage"; known skills: refund-triage, outage.');
    await expect(tool.execute({})).rejects.toThrow(
      'activate_skill: there is no skill named undefined; known skills: refund-triage, outage.',
    );
  });

  it('copies the skills, so later changes do not leak into the tool', async () => {
    const list = [{ ...outage }];
    const tool = createActivateSkillTool(list);
    list[0]!.prompt = 'changed';
    list.push(refund);
    expect(await tool.execute({ name: 'outage' })).toMatchObject({ prompt: 'Check the status page.' });
    await expect(tool.execute({ name: 'refund-triage' })).rejects.toThrow(KitAIError);
  });

  it('rejects duplicate names, bad skills and an empty list with invalid_config', () => {
    expect(() => createActivateSkillTool([outage, { ...outage }])).toThrow(
      'createActivateSkillTool: two skills are named "outage" (the second at skills[1]); skill names must be unique.',
    );
    expect(() => createActivateSkillTool([{ ...outage, name: 'has space' }])).toThrow(/skills\[0\]\.name must be/);
    expect(() => createActivateSkillTool([])).toThrow(/skills is empty/);
    try {
      createActivateSkillTool('outage' as unknown as AgentSkill[]);
    } catch (error) {
      expect(isKitAIError(error, 'invalid_config')).toBe(true);
    }
  });
});
