/**
 * @kit/kit-agent: machine surfaces of a kit app, the tools of other agents' surfaces, and LLM providers.
 * `createMcpServer` projects the capability registry to MCP tools, resources and prompts over stdio and
 * streamable HTTP; `createA2AHandler` and `generateAgentCard` project it to A2A skills; `toLangChainTools`
 * to LangChain tools. `createMcpClient` turns another MCP server's tools into kit-ai `AgentTool`s, and
 * `chatCompletionsProvider`, `messagesProvider` and `responsesProvider` turn a hosted or local model into
 * an `LLMProvider`.
 */
export { createMcpServer, type CreateMcpServerOptions, type KitMcpServer } from './mcp/create-mcp-server.js';
export type { McpResource, McpResourceTemplate } from './mcp/resources.js';
export type { McpCompleter, McpPrompt, McpPromptArgument, McpPromptMessage } from './mcp/prompts.js';

// LLM providers
export type { ProviderConnectionOptions } from './providers/options.js';
export { chatCompletionsProvider, type ChatCompletionsProviderOptions } from './providers/chat-completions/provider.js';
export type { MaxTokensParameter } from './providers/chat-completions/request.js';
export { messagesProvider, type MessagesProviderOptions } from './providers/messages/provider.js';
export { responsesProvider, type ResponsesProviderOptions } from './providers/responses/provider.js';
export type { ResponsesReasoningEffort, ResponsesReasoningOptions } from './providers/responses/request.js';

// A2A
export { generateAgentCard, type A2ALegacyCardFields, type GenerateAgentCardOptions, type KitAgentCard } from './a2a/agent-card.js';
export { agentCardEndpoint, agentCardPaths, type AgentCardEndpointOptions } from './a2a/agent-card-endpoint.js';
export { createA2AHandler, type A2AHandler, type CreateA2AHandlerOptions } from './a2a/create-a2a-handler.js';
export type { A2ASkillFilter, A2ASkillRoute } from './a2a/skills.js';

// MCP client
export { createMcpClient } from './mcp-client/create-mcp-client.js';
export { mcpClientDefaults } from './mcp-client/options.js';
export type {
  CreateMcpClientOptions,
  McpClient,
  McpClientSettings,
  McpHttpTarget,
  McpPromptArgumentInfo,
  McpPromptInfo,
  McpPromptResult,
  McpPromptResultMessage,
  McpReconnectOptions,
  McpResourceContents,
  McpResourceInfo,
  McpResourceTemplateInfo,
  McpServerInfo,
  McpStdioTarget,
  McpToolHints,
  McpToolInfo,
  McpToolsOptions,
} from './mcp-client/types.js';

// The app's routes as kit-ai agent tools
export { registryAgentTools, type RegistryAgentToolsOptions } from './registry-tools/registry-agent-tools.js';
export type { ToolRoute } from './registry-tools/tool-routes.js';

// Harness runs over HTTP, MCP and A2A
export { harnessRoutes, type HarnessRoutesOptions } from './harness-routes/harness-routes.js';
export type { RunView } from './harness-routes/run-view.js';
export { decideHeldRuns } from './harness-routes/decide-held-runs.js';

// LangChain bridge
export { toLangChainTools, type LangChainRoute, type ToLangChainToolsOptions } from './langchain/to-langchain-tools.js';
