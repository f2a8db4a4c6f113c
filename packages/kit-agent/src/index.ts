/**
 * @kit/kit-agent: machine surfaces of a kit app and its LLM providers. `createMcpServer` projects the
 * capability registry to MCP tools (and optional resources) over stdio and streamable HTTP;
 * `chatCompletionsProvider` and `messagesProvider` turn a hosted or local model into an `LLMProvider`.
 */
export { createMcpServer, type CreateMcpServerOptions, type KitMcpServer } from './mcp/create-mcp-server.js';
export type { McpResource } from './mcp/resources.js';

// LLM providers
export type { ProviderConnectionOptions } from './providers/options.js';
export { chatCompletionsProvider, type ChatCompletionsProviderOptions } from './providers/chat-completions/provider.js';
export type { MaxTokensParameter } from './providers/chat-completions/request.js';
export { messagesProvider, type MessagesProviderOptions } from './providers/messages/provider.js';
