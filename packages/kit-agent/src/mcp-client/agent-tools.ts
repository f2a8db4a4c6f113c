import { KitAIError, type AgentTool } from '@kit/kit-ai';
import type { McpToolInfo, McpToolsOptions } from './types.js';

/**
 * The argument schema an agent tool declares: the server's input schema without its top-level
 * `$schema`, which names a draft (often 2020-12) that the argument validator and some model APIs
 * refuse, although the schema itself uses nothing of it they cannot read.
 */
export function agentParameters(inputSchema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { $schema: _draft, ...schema } = inputSchema;
  return { type: 'object', ...schema };
}

/**
 * The agent tools of a server's tools: the name (with `prefix`), the description (the title, or a
 * generic sentence, when the server gives none), the input schema as `parameters`, and
 * `isConcurrencySafe` when the server hints the tool only reads. `execute` calls `call`.
 */
export function toAgentTools(
  tools: readonly McpToolInfo[],
  options: McpToolsOptions,
  label: string,
  call: (name: string, args: Record<string, unknown>) => Promise<unknown>,
): AgentTool[] {
  const prefix = options.prefix ?? '';
  if (typeof prefix !== 'string')
    throw new KitAIError('invalid_config', `${label}: tools() prefix must be a string such as "docs_", got ${typeof prefix}`);
  const kept = options.filter ? tools.filter((tool) => options.filter!(tool)) : tools;
  const seen = new Set<string>();
  return kept.map((tool) => {
    const name = `${prefix}${tool.name}`;
    if (seen.has(name))
      throw new KitAIError(
        'invalid_config',
        `${label}: the server lists the tool "${tool.name}" twice; filter one out with tools({ filter })`,
      );
    seen.add(name);
    const agentTool: AgentTool = {
      name,
      description: tool.description ?? tool.title ?? `Tool ${tool.name} of the MCP server ${label.replace(/^mcp-client /, '')}.`,
      parameters: agentParameters(tool.inputSchema),
      execute: (args) => call(tool.name, args),
    };
    if (tool.annotations?.readOnlyHint === true) agentTool.isConcurrencySafe = true;
    return agentTool;
  });
}
