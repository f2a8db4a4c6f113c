import type { AgentTool } from '@kit/kit-ai';

/** How to start an MCP server as a child process and speak to it over its standard input and output. */
export interface McpStdioTarget {
  /** The program to run (`node`, `npx`, an absolute path). Resolved on `PATH`; no shell is involved. */
  readonly command: string;
  readonly args?: readonly string[];
  /**
   * Variables added to the child's environment. The child does not inherit this process's whole
   * environment: it gets only a safe default set (`HOME`, `LOGNAME`, `PATH`, `SHELL`, `TERM`, `USER`)
   * plus these, so secrets meant for it must be passed here.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Working directory of the child; this process's when omitted. */
  readonly cwd?: string;
  /**
   * What becomes of the child's standard error. `capture` (the default) keeps its last 1,000
   * characters, quoted in connection errors so a crash at start-up explains itself; `inherit` copies
   * it to this process's standard error; `ignore` discards it.
   */
  readonly stderr?: 'capture' | 'inherit' | 'ignore';
}

/** How to reach an MCP server over streamable HTTP. */
export interface McpHttpTarget {
  /** The MCP endpoint, `http:` or `https:` (`https://example.com/mcp`). */
  readonly url: string | URL;
  /** Headers sent with every request, such as `Authorization`. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Bounded reconnection after the transport drops; see `CreateMcpClientOptions.reconnect`. */
export interface McpReconnectOptions {
  /** Connection attempts per call that finds the connection down, the first included. Default 3; 1 disables retries. */
  readonly attempts?: number;
  /** Wait before the second attempt, in milliseconds; doubled before each later one. Default 200. */
  readonly initialDelayMs?: number;
  /** Longest wait between two attempts, in milliseconds. Default 2000. */
  readonly maxDelayMs?: number;
}

/** Settings shared by both transports. */
export interface McpClientSettings {
  /** A short name for this server in error messages (`docs`); by default the command or the URL's host. */
  readonly name?: string;
  /** Longest wait for the answer to one request (a tool call, a list, a read), in milliseconds. Default 30000. */
  readonly timeoutMs?: number;
  /** Longest wait for one connection attempt (process start and the `initialize` exchange), in milliseconds. Default 10000. */
  readonly connectTimeoutMs?: number;
  readonly reconnect?: McpReconnectOptions;
  /** Name and version this client announces to the server. Default `kit-agent` `0.1.0`. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
}

/** Options of `createMcpClient`: one transport (`command` for stdio, or `url` for streamable HTTP) and the shared settings. */
export type CreateMcpClientOptions = (McpStdioTarget & McpClientSettings) | (McpHttpTarget & McpClientSettings);

/** Hints a server gives about a tool's effects; none is guaranteed, since they come from the server. */
export interface McpToolHints {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** A tool the server offers, as `listTools()` returns it. */
export interface McpToolInfo {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** JSON Schema of the arguments (an object schema). */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** JSON Schema of `structuredContent`, when the tool declares one. */
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  readonly annotations?: McpToolHints;
}

/** A resource the server lists. */
export interface McpResourceInfo {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

/** A URI template the server lists, from which a client builds resource URIs. */
export interface McpResourceTemplateInfo {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

/** One part of a read resource: text, or binary data as base64 in `blob`. */
export interface McpResourceContents {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly blob?: string;
}

/** An argument a prompt takes. */
export interface McpPromptArgumentInfo {
  readonly name: string;
  readonly description?: string;
  readonly required?: boolean;
}

/** A prompt the server lists. */
export interface McpPromptInfo {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments: readonly McpPromptArgumentInfo[];
}

/**
 * One message of a rendered prompt. `text` holds the message's text; a non-text part (an image, an
 * embedded resource) is kept whole in `content` and described in `text` (`[image image/png]`,
 * the embedded resource's text, or a resource link's URI).
 */
export interface McpPromptResultMessage {
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly content: Readonly<Record<string, unknown>>;
}

/** A rendered prompt, as `getPrompt()` returns it. */
export interface McpPromptResult {
  readonly description?: string;
  readonly messages: readonly McpPromptResultMessage[];
}

/** Options of `McpClient.tools()`. */
export interface McpToolsOptions {
  /**
   * Put before every tool name (`docs_` makes `docs_get_api_search`), so tools of several servers
   * cannot clash in one agent. Taken as given: include the separator.
   */
  readonly prefix?: string;
  /** Keeps only the tools it returns `true` for. */
  readonly filter?: (tool: McpToolInfo) => boolean;
}

/** What the server announced about itself at initialisation. */
export interface McpServerInfo {
  readonly name: string;
  readonly version: string;
  readonly instructions?: string;
}

/** A connection to one MCP server; see `createMcpClient`. */
export interface McpClient {
  /** The server's name, version and instructions, as of the last (re)connection. */
  readonly server: McpServerInfo;
  /** Every tool the server offers (all pages of the list). */
  listTools(): Promise<McpToolInfo[]>;
  /** The server's tools as agent tools; see `createMcpClient` for how calls and results are mapped. */
  tools(options?: McpToolsOptions): Promise<AgentTool[]>;
  /**
   * Calls one tool by its name on the server and returns its result mapped as an agent tool's is
   * (`structuredContent`, else the text parsed as JSON, else the text); a result with `isError`
   * throws `KitAIError('tool_failed')`.
   */
  callTool(name: string, args?: Readonly<Record<string, unknown>>): Promise<unknown>;
  /** Every resource the server lists; empty when it offers none. */
  listResources(): Promise<McpResourceInfo[]>;
  /** Every resource template the server lists; empty when it offers none. */
  listResourceTemplates(): Promise<McpResourceTemplateInfo[]>;
  /** The contents of one resource. */
  readResource(uri: string): Promise<McpResourceContents[]>;
  /** Every prompt the server lists; empty when it offers none. */
  listPrompts(): Promise<McpPromptInfo[]>;
  /** One prompt rendered with its arguments (strings, as MCP defines them). */
  getPrompt(name: string, args?: Readonly<Record<string, string>>): Promise<McpPromptResult>;
  /** Ends the connection (and stops a stdio server's process); later calls throw `mcp_connection_failed`. */
  close(): Promise<void>;
}
