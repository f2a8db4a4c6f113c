import { describe, expect, it } from 'vitest';
import type { AgentTool } from '../tools/types.js';
import { taskCallable, toolCallable } from './callable.js';
import { closeNames, editDistance } from './close-names.js';
import { createSmartAgent } from './create-smart-agent.js';
import { loadToolsCallable } from './load-tools.js';
import { callText, scriptedLlm } from './testing/scripted-llm.js';
import { ToolCatalog } from './tool-catalog.js';

function tool(name: string, description = `Does ${name}`): AgentTool {
  return {
    name,
    description,
    parameters: { type: 'object', properties: { x: { type: 'integer' } } },
    execute: async (args) => ({ tool: name, args }),
  };
}

const many = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((name) => tool(name));

describe('close names', () => {
  it('measures edit distance and suggests near names first', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(closeNames('lookup_ordr', ['lookup_order', 'list_orders', 'ping'])).toEqual(['lookup_order']);
    expect(closeNames('order', ['lookup_order', 'ping'])).toEqual(['lookup_order']);
    expect(closeNames('zzz', ['lookup_order'])).toEqual([]);
  });
});

describe('ToolCatalog', () => {
  it('offers everything when not deferred, with an empty object schema for tools without parameters', () => {
    const catalog = new ToolCatalog([
      toolCallable({ name: 'bare', description: 'No args', execute: async () => 1 }),
      taskCallable({ name: 'job', description: 'A job', execute: async () => 1 }),
    ]);
    expect(catalog.deferred).toBe(false);
    expect(catalog.definitions(new Set())).toEqual([
      { name: 'bare', description: 'No args', parameters: { type: 'object', properties: {} } },
      { name: 'job', description: 'A job', parameters: { type: 'object', properties: {} } },
    ]);
    expect(catalog.promptText(new Set())).toContain('- job (task): A job');
    expect(new ToolCatalog([]).promptText(new Set())).toBe('');
  });

  it('defers above deferThreshold: names and one-line descriptions in the prompt, meta tools and loaded tools natively', () => {
    let catalog: ToolCatalog | undefined;
    catalog = new ToolCatalog([...many.map((entry) => toolCallable(entry)), loadToolsCallable(() => catalog!)], 3);
    expect(catalog.deferred).toBe(true);
    expect(catalog.definitions(new Set()).map((definition) => definition.name)).toEqual(['load_tools']);
    expect(catalog.definitions(new Set(['gamma'])).map((definition) => definition.name)).toEqual(['gamma', 'load_tools']);
    const text = catalog.promptText(new Set(['gamma']));
    expect(text).toContain('- gamma: Does gamma\n  Arguments (JSON Schema): {"type":"object","properties":{"x":{"type":"integer"}}}');
    expect(text).toContain('call load_tools with {"names": [...]} to get their definitions before using them.\n- alpha: Does alpha');
    expect(text).not.toContain('- alpha: Does alpha\n  Arguments');
    expect(
      new ToolCatalog(
        many.map((entry) => toolCallable(entry)),
        5,
      ).deferred,
    ).toBe(false);
  });

  it('keeps descriptions to one line in the deferred list', () => {
    const catalog = new ToolCatalog([toolCallable(tool('a', 'First line.\nSecond line.')), toolCallable(tool('b'))], 1);
    expect(catalog.promptText(new Set())).toContain('- a: First line.\n- b');
  });
});

describe('deferred tool loading in a run', () => {
  it('loads definitions with load_tools, persists loaded names in the checkpoint and offers them from the next call', async () => {
    const llm = scriptedLlm([callText('load_tools', { names: ['delta', 'nope'] }), callText('delta', { x: 1 }), 'done']);
    const outcome = await createSmartAgent({ llm, tools: many, toolCatalog: { deferThreshold: 3 } }).run('g');
    expect(outcome.status).toBe('completed');
    expect(llm.requests.map((request) => request.options?.tools?.map((definition) => definition.name))).toEqual([
      ['load_tools'],
      ['delta', 'load_tools'],
      ['delta', 'load_tools'],
    ]);
    expect(llm.requests[1]!.messages.at(-1)!.content).toBe(
      'Result of tool load_tools (call call_1_1):\n{"loaded":[{"name":"delta","description":"Does delta","parameters":{"type":"object","properties":{"x":{"type":"integer"}}}}],"unknown":["nope"]}',
    );
    expect(outcome.toolCalls[1]).toMatchObject({ tool: 'delta', status: 'success', result: { tool: 'delta', args: { x: 1 } } });
    expect(outcome.checkpoint?.loadedTools).toEqual(['delta']);
    const next = scriptedLlm(['ok']);
    await createSmartAgent({ llm: next, tools: many, toolCatalog: { deferThreshold: 3 } }).resume(
      JSON.parse(JSON.stringify({ ...outcome.checkpoint, stage: 'paused' })),
      'more',
    );
    expect(next.requests[0]!.options?.tools?.map((definition) => definition.name)).toEqual(['delta', 'load_tools']);
  });

  it('still runs a deferred tool called before it was loaded, validated against its schema', async () => {
    const llm = scriptedLlm([callText('beta', { x: 'not a number' }), callText('beta', { x: 2 }), 'done']);
    const outcome = await createSmartAgent({ llm, tools: many, toolCatalog: { deferThreshold: 0 } }).run('g');
    expect(outcome.toolCalls.map((call) => call.status)).toEqual(['error', 'success']);
    expect(llm.requests[1]!.messages.at(-1)!.content).toBe(
      'Error from tool beta (call call_1_1): Invalid arguments for beta: x must be of type integer',
    );
  });

  it('does not add load_tools at or below the threshold', async () => {
    const llm = scriptedLlm(['done']);
    await createSmartAgent({ llm, tools: many, toolCatalog: { deferThreshold: 5 } }).run('g');
    expect(llm.requests[0]!.options?.tools?.map((definition) => definition.name)).toEqual(['alpha', 'beta', 'gamma', 'delta', 'epsilon']);
  });
});
