import { describe, expect, it } from 'vitest';
import type { Callable } from './callable.js';
import { applyCallEffects } from './call-effects.js';
import type { CallOutcome } from './call-outcome.js';
import { initialState } from './checkpoint.js';
import { ToolCatalog } from './tool-catalog.js';

function callable(name: string, alwaysLoaded = false): Callable {
  return {
    kind: 'tool',
    name,
    description: name,
    parameters: undefined,
    concurrencySafe: true,
    failureMode: 'soft',
    timeout: undefined,
    taskKind: 'custom',
    validate: undefined,
    alwaysLoaded,
    invoke: async () => null,
  };
}

function success(name: string, value: unknown, status: CallOutcome['status'] = 'success'): CallOutcome {
  return {
    call: { id: 'c', name, arguments: {} },
    kind: 'tool',
    taskKind: 'custom',
    status,
    value,
    iteration: 1,
    startedAt: 'x',
    durationMs: 1,
  };
}

const deferred = new ToolCatalog([callable('a'), callable('b'), callable('load_tools', true), callable('activate_skill', true)], 1);
const loaded = (names: string[]): unknown => ({ loaded: names.map((name) => ({ name, description: name, parameters: {} })), unknown: [] });

describe('applyCallEffects', () => {
  it('adds the tools load_tools returned, once each, in a deferred catalogue only', () => {
    const state = initialState('goal', 0);
    applyCallEffects([success('load_tools', loaded(['b'])), success('load_tools', loaded(['b', 'a']))], state, deferred, false);
    expect(state.loadedTools).toEqual(['b', 'a']);
    const flat = initialState('goal', 0);
    applyCallEffects([success('load_tools', loaded(['b']))], flat, new ToolCatalog([callable('a'), callable('b')]), false);
    expect(flat.loadedTools).toEqual([]);
  });

  it('activates skills and loads their preferred tools that exist, when the run offers skills', () => {
    const state = initialState('goal', 0);
    applyCallEffects(
      [success('activate_skill', { skill: 's', tools: ['a', 'missing'] }), success('activate_skill', { skill: 's', tools: [] })],
      state,
      deferred,
      true,
    );
    expect(state.activeSkills).toEqual(['s']);
    expect(state.loadedTools).toEqual(['a']);
  });

  it('ignores failed calls and a user tool named activate_skill', () => {
    const state = initialState('goal', 0);
    applyCallEffects([success('activate_skill', { skill: 's' }), success('load_tools', loaded(['a']), 'error')], state, deferred, false);
    expect(state.activeSkills).toEqual([]);
    expect(state.loadedTools).toEqual([]);
  });
});
