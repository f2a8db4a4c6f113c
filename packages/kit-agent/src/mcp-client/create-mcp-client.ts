import { KitAIError } from '@kit/kit-ai';
import { toAgentTools } from './agent-tools.js';
import { McpConnection } from './connection.js';
import { blockText, toolResultValue, type ContentBlock, type ToolCallResult } from './content.js';
import { resolveMcpClientOptions } from './options.js';
import type {
  CreateMcpClientOptions,
  McpClient,
  McpPromptInfo,
  McpPromptResult,
  McpResourceContents,
  McpResourceInfo,
  McpResourceTemplateInfo,
  McpToolInfo,
} from './types.js';

/** Most pages a list follows, so a server that keeps sending a cursor cannot keep the client looping. */
const maxPages = 100;

/** Every item of a paginated list, following `nextCursor`. */
async function allPages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let count = 0; count < maxPages; count += 1) {
    const result = await page(cursor);
    items.push(...result.items);
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return items;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * Connects to an MCP server with the official SDK's client, over stdio (`command`, `args`, `env`,
 * `cwd`: the server runs as a child process) or streamable HTTP (`url`, `headers`), and resolves once
 * the server has answered `initialize`.
 *
 * `tools()` turns the server's tools into `AgentTool`s of `@kit/kit-ai`: the name (optionally with a
 * `prefix`), the description, the input schema as `parameters` (so the agent loop checks arguments
 * before calling), `isConcurrencySafe` when the server hints `readOnlyHint`, and an `execute` that
 * calls the tool. A result's `structuredContent` is the value; else its text, parsed as JSON when it
 * is JSON; a result with `isError` throws `KitAIError('tool_failed')`, which the loop reports to the
 * model. Resources and prompts are listed and read as well.
 *
 * Failures are `KitAIError`s that name the client: `mcp_connection_failed` (the server cannot be
 * reached or started, or the connection dropped during a call), `mcp_timeout` (no answer within
 * `timeoutMs`, default 30 s, or `connectTimeoutMs` when connecting, default 10 s) and
 * `mcp_request_failed` (the server answered with an error). A call that finds the connection down
 * reconnects first, with up to `reconnect.attempts` tries (default 3) 200 ms, then 400 ms, ... apart
 * (at most `maxDelayMs`, 2 s); a call during which it drops fails, since it may have had effects.
 *
 * @example
 * ```ts
 * import { createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 * import { createMcpClient } from '@kit/kit-agent';
 *
 * declare const llm: LLMProvider;
 *
 * const docs = await createMcpClient({ url: 'http://127.0.0.1:3000/mcp', name: 'docs', timeoutMs: 10_000 });
 * const files = await createMcpClient({ command: 'npx', args: ['-y', 'some-mcp-file-server', '/srv/data'] });
 * try {
 *   const agent = createSmartAgent({ llm, tools: [...(await docs.tools({ prefix: 'docs_' })), ...(await files.tools({ prefix: 'files_' }))] });
 *   const run = await agent.run('How do I resume a paused run? Save the answer to notes.md.');
 *   console.log(run.status, run.result);
 * } finally {
 *   await Promise.all([docs.close(), files.close()]);
 * }
 * ```
 */
export async function createMcpClient(options: CreateMcpClientOptions): Promise<McpClient> {
  const resolved = resolveMcpClientOptions(options);
  const { label } = resolved;
  const connection = new McpConnection(resolved);
  await connection.ready();

  const callTool = (name: string, args: Readonly<Record<string, unknown>> = {}): Promise<unknown> => {
    if (typeof name !== 'string' || name === '')
      return Promise.reject(
        new KitAIError(
          'invalid_arguments',
          `${label}: callTool needs a tool name, got ${JSON.stringify(name)}; list them with listTools()`,
        ),
      );
    return connection
      .request('tools/call', name, (client, requestOptions) => client.callTool({ name, arguments: { ...args } }, undefined, requestOptions))
      .then((result) => toolResultValue(result as ToolCallResult, label, name));
  };

  const listTools = (): Promise<McpToolInfo[]> =>
    allPages(async (cursor) => {
      const result = await connection.request('tools/list', undefined, (client, requestOptions) =>
        client.listTools(cursor ? { cursor } : {}, requestOptions),
      );
      const items = result.tools.map((tool): McpToolInfo => ({
        name: tool.name,
        ...optional('title', tool.title ?? tool.annotations?.title),
        ...optional('description', tool.description),
        inputSchema: tool.inputSchema,
        ...optional('outputSchema', tool.outputSchema),
        ...optional('annotations', tool.annotations),
      }));
      return { items, nextCursor: result.nextCursor };
    });

  const offers = async (capability: 'resources' | 'prompts'): Promise<boolean> => {
    const client = await connection.ready();
    return client.getServerCapabilities()?.[capability] !== undefined;
  };

  return {
    get server() {
      return connection.server;
    },
    listTools,
    async tools(toolOptions = {}) {
      return toAgentTools(await listTools(), toolOptions, label, callTool);
    },
    callTool,
    async listResources() {
      if (!(await offers('resources'))) return [];
      return allPages(async (cursor) => {
        const result = await connection.request('resources/list', undefined, (client, requestOptions) =>
          client.listResources(cursor ? { cursor } : {}, requestOptions),
        );
        const items = result.resources.map((resource): McpResourceInfo => ({
          uri: resource.uri,
          name: resource.name,
          ...optional('title', resource.title),
          ...optional('description', resource.description),
          ...optional('mimeType', resource.mimeType),
        }));
        return { items, nextCursor: result.nextCursor };
      });
    },
    async listResourceTemplates() {
      if (!(await offers('resources'))) return [];
      return allPages(async (cursor) => {
        const result = await connection.request('resources/templates/list', undefined, (client, requestOptions) =>
          client.listResourceTemplates(cursor ? { cursor } : {}, requestOptions),
        );
        const items = result.resourceTemplates.map((template): McpResourceTemplateInfo => ({
          uriTemplate: template.uriTemplate,
          name: template.name,
          ...optional('title', template.title),
          ...optional('description', template.description),
          ...optional('mimeType', template.mimeType),
        }));
        return { items, nextCursor: result.nextCursor };
      });
    },
    async readResource(uri) {
      if (typeof uri !== 'string' || uri === '')
        throw new KitAIError(
          'invalid_arguments',
          `${label}: readResource needs a URI, got ${JSON.stringify(uri)}; list them with listResources()`,
        );
      const result = await connection.request('resources/read', uri, (client, requestOptions) =>
        client.readResource({ uri }, requestOptions),
      );
      return result.contents.map((part): McpResourceContents => ({
        uri: part.uri,
        ...optional('mimeType', part.mimeType),
        ...('text' in part && typeof part.text === 'string' ? { text: part.text } : {}),
        ...('blob' in part && typeof part.blob === 'string' ? { blob: part.blob } : {}),
      }));
    },
    async listPrompts() {
      if (!(await offers('prompts'))) return [];
      return allPages(async (cursor) => {
        const result = await connection.request('prompts/list', undefined, (client, requestOptions) =>
          client.listPrompts(cursor ? { cursor } : {}, requestOptions),
        );
        const items = result.prompts.map((prompt): McpPromptInfo => ({
          name: prompt.name,
          ...optional('title', prompt.title),
          ...optional('description', prompt.description),
          arguments: (prompt.arguments ?? []).map((argument) => ({
            name: argument.name,
            ...optional('description', argument.description),
            ...optional('required', argument.required),
          })),
        }));
        return { items, nextCursor: result.nextCursor };
      });
    },
    async getPrompt(name, args = {}) {
      if (typeof name !== 'string' || name === '')
        throw new KitAIError(
          'invalid_arguments',
          `${label}: getPrompt needs a prompt name, got ${JSON.stringify(name)}; list them with listPrompts()`,
        );
      const result = await connection.request('prompts/get', name, (client, requestOptions) =>
        client.getPrompt({ name, arguments: { ...args } }, requestOptions),
      );
      const prompt: McpPromptResult = {
        ...optional('description', result.description),
        messages: result.messages.map((message) => {
          const content = message.content as unknown as ContentBlock;
          return { role: message.role, text: blockText(content), content: { ...content } };
        }),
      };
      return prompt;
    },
    close: () => connection.close(),
  };
}
