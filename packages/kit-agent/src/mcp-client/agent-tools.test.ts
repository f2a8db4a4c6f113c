import { isKitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { agentParameters, toAgentTools } from './agent-tools.js';

describe('toAgentTools', () => {
  const call = async (name: string, args: Record<string, unknown>) => ({ name, args });

  it('calls the server tool by its own name, whatever the prefix', async () => {
    const [tool] = toAgentTools([{ name: 'search', inputSchema: { type: 'object' } }], { prefix: 'web_' }, 'mcp-client "web"', call);
    expect(tool).toMatchObject({ name: 'web_search', description: 'Tool search of the MCP server "web".', parameters: { type: 'object' } });
    expect(tool!.isConcurrencySafe).toBeUndefined();
    expect(await tool!.execute({ q: 'x' })).toEqual({ name: 'search', args: { q: 'x' } });
  });

  it('refuses a tool listed twice', () => {
    const tools = [
      { name: 'a', inputSchema: {} },
      { name: 'a', inputSchema: {} },
    ];
    let error: unknown;
    try {
      toAgentTools(tools, {}, 'mcp-client "x"', call);
    } catch (caught) {
      error = caught;
    }
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
    expect((error as Error).message).toBe('mcp-client "x": the server lists the tool "a" twice; filter one out with tools({ filter })');
  });
});

describe('agentParameters', () => {
  it('keeps the schema but its $schema, and makes it an object schema', () => {
    expect(agentParameters({ $schema: 'https://json-schema.org/draft/2020-12/schema', properties: { a: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
  });
});
