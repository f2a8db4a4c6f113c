import { describe, expect, it } from 'vitest';
import { checkSkill, checkSkillList, skillNamePattern } from './check-skill.js';

const skill = { name: 'triage', description: 'd', trigger: 't', prompt: 'p' };

describe('skill checks', () => {
  it('accepts names of letters, digits, _ and - that start with a letter or digit', () => {
    for (const name of ['a', 'A1', '0-start', 'with_under-score']) expect(skillNamePattern.test(name)).toBe(true);
    for (const name of ['', '_lead', '-lead', 'has space', 'dot.ted', 'ünï']) expect(skillNamePattern.test(name)).toBe(false);
  });

  it('accepts a well-formed skill and list', () => {
    expect(() => checkSkill('c', { ...skill, tools: ['x'], source: 'evolved', utility: 0.5, metadata: {} })).not.toThrow();
    expect(() => checkSkillList('c', [skill, { ...skill, name: 'other' }])).not.toThrow();
    expect(() => checkSkillList('c', [])).not.toThrow();
  });

  it('names the position of a bad skill in a list', () => {
    expect(() => checkSkillList('c', [skill, { ...skill, name: 'x', metadata: [] }])).toThrow(
      'c: skill "x": metadata must be an object, got an array.',
    );
    expect(() => checkSkillList('c', [skill, 5])).toThrow('c: skills[1] must be an object { name, description, trigger, prompt }, got 5.');
    expect(() => checkSkillList('c', { skill })).toThrow('c: skills must be an array of AgentSkill, got an object; pass [] for none.');
  });
});
