/**
 * @kit/kit-agent: machine surfaces of a kit app. `createMcpServer` projects the capability
 * registry to MCP tools (and optional resources) over stdio and streamable HTTP.
 */
export { createMcpServer, type CreateMcpServerOptions, type KitMcpServer } from './mcp/create-mcp-server.js';
export type { McpResource } from './mcp/resources.js';
