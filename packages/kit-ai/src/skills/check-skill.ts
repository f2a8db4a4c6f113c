import { KitAIError } from '../errors/kit-ai-error.js';
import type { AgentSkill } from './types.js';
import { describeValue } from '../llm/describe-value.js';

/** What a skill name must look like: it is passed as an argument of `activate_skill`, so no spaces. */
export const skillNamePattern = /^[a-z0-9][a-z0-9_-]*$/i;

/**
 * Throws `invalid_config` unless `skill` is a well-formed `AgentSkill`: a name matching
 * `/^[a-z0-9][a-z0-9_-]*$/i`, non-empty description, trigger and prompt, string tool names, a known
 * source and a utility within 0..1.
 */
export function checkSkill(component: string, skill: unknown, where = 'skill'): asserts skill is AgentSkill {
  if (typeof skill !== 'object' || skill === null || Array.isArray(skill)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: ${where} must be an object { name, description, trigger, prompt }, got ${describeValue(skill)}.`,
    );
  }
  const { name, description, trigger, prompt, tools, source, utility, metadata } = skill as Record<string, unknown>;
  if (typeof name !== 'string' || !skillNamePattern.test(name)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: ${where}.name must be a non-empty name of letters, digits, '_' and '-' starting with a letter or digit, got ${describeValue(name)}; use a name like "refund-triage".`,
    );
  }
  const label = `skill "${name}"`;
  for (const [field, value] of [
    ['description', description],
    ['trigger', trigger],
    ['prompt', prompt],
  ] as const) {
    if (typeof value !== 'string' || value.trim() === '') {
      throw new KitAIError('invalid_config', `${component}: ${label} needs a non-empty ${field} string, got ${describeValue(value)}.`);
    }
  }
  if (tools !== undefined && !(Array.isArray(tools) && tools.every((tool) => typeof tool === 'string' && tool !== ''))) {
    throw new KitAIError('invalid_config', `${component}: ${label}: tools must be an array of tool names, got ${describeValue(tools)}.`);
  }
  if (source !== undefined && source !== 'developer' && source !== 'evolved') {
    throw new KitAIError(
      'invalid_config',
      `${component}: ${label}: source must be 'developer' or 'evolved', got ${describeValue(source)}.`,
    );
  }
  if (utility !== undefined && !(typeof utility === 'number' && utility >= 0 && utility <= 1)) {
    throw new KitAIError('invalid_config', `${component}: ${label}: utility must be a number from 0 to 1, got ${describeValue(utility)}.`);
  }
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
    throw new KitAIError('invalid_config', `${component}: ${label}: metadata must be an object, got ${describeValue(metadata)}.`);
  }
}

/** Throws `invalid_config` unless `skills` is an array of well-formed skills with distinct names. */
export function checkSkillList(component: string, skills: unknown): asserts skills is AgentSkill[] {
  if (!Array.isArray(skills)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: skills must be an array of AgentSkill, got ${describeValue(skills)}; pass [] for none.`,
    );
  }
  const seen = new Set<string>();
  skills.forEach((skill: unknown, index) => {
    checkSkill(component, skill, `skills[${index}]`);
    if (seen.has(skill.name)) {
      throw new KitAIError(
        'invalid_config',
        `${component}: two skills are named "${skill.name}" (the second at skills[${index}]); skill names must be unique.`,
      );
    }
    seen.add(skill.name);
  });
}
