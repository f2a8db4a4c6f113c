import { describe, expect, it } from 'vitest';
import { toolCallable } from './callable.js';
import { isLoadToolsResult, loadToolsCallable } from './load-tools.js';
import { scriptedLlm } from './testing/scripted-llm.js';
import { ToolCatalog } from './tool-catalog.js';

describe('load_tools', () => {
  it('returns the definitions asked for and the names it does not know, once each', async () => {
    let catalog: ToolCatalog | undefined;
    const meta = loadToolsCallable(() => catalog!);
    catalog = new ToolCatalog([toolCallable({ name: 'a', description: 'A', execute: async () => 1 }), meta], 0);
    const context = { callId: 'c', goal: 'g', iteration: 1, signal: new AbortController().signal, llm: scriptedLlm([]) };
    const result = await meta.invoke({ names: ['a', 'a', 'load_tools', 'zzz'] }, context);
    expect(result).toEqual({
      loaded: [{ name: 'a', description: 'A', parameters: { type: 'object', properties: {} } }],
      unknown: ['load_tools', 'zzz'],
    });
    expect(isLoadToolsResult(result)).toBe(true);
    expect(isLoadToolsResult({ loaded: [] })).toBe(false);
    expect(meta).toMatchObject({ alwaysLoaded: true, concurrencySafe: true });
  });
});
