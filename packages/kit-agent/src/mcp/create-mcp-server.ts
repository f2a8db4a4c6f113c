import { servesAsTool, type CapabilityRegistry, type KitContext, type RegisteredRoute } from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { toolAnnotations } from './annotations.js';
import { complete, offersCompletions } from './completions.js';
import { answerDirectly } from './direct-tool-call.js';
import { findPrompt, listedPrompts, ServerRequestError, renderPrompt, type McpPrompt } from './prompts.js';
import { readUri, type McpResource, type McpResourceTemplate } from './resources.js';
import { loadMcpSdk } from './sdk.js';
import { checkPrompts, checkTemplates } from './server-options.js';
import { toolCallResult } from './tool-call.js';
import { toolOutputSchema } from './tool-result.js';

/** Options of `createMcpServer`. */
export interface CreateMcpServerOptions {
  /** The routes to project; one tool per route. */
  readonly registry: CapabilityRegistry;
  /** Server name and version announced at initialisation. */
  readonly name: string;
  readonly version: string;
  /** Guidance for the client's model on how to use the tools. */
  readonly instructions?: string;
  /** The resources on offer; called on every list and read, so a content reload shows at once. */
  readonly resources?: () => readonly McpResource[];
  /**
   * Resource templates, listed in `resources/templates/list`; those with a `read` also answer reads
   * of matching URIs that no listed resource has.
   */
  readonly resourceTemplates?: readonly McpResourceTemplate[];
  /**
   * One template that is only listed (reads go to `resources`).
   * @deprecated Give `resourceTemplates: [template]`, which does the same and more.
   */
  readonly resourceTemplate?: {
    readonly uriTemplate: string;
    readonly name: string;
    readonly description?: string;
    readonly mimeType: string;
  };
  /** Prompt templates clients can list and render (`prompts/list`, `prompts/get`). */
  readonly prompts?: readonly McpPrompt[];
  /**
   * Protection of the HTTP transport against DNS rebinding: requests whose `Host` (or `Origin`,
   * when sent) is not listed are refused. A host name without a port (`localhost`) accepts it on any
   * port; with one (`localhost:3000`), on that port only. Omit to accept any.
   */
  readonly allowedHosts?: readonly string[];
  readonly allowedOrigins?: readonly string[];
}

/** An MCP server projected from a capability registry, reachable over stdio and streamable HTTP. */
export interface KitMcpServer {
  /** Serves one client over this process's standard input and output. */
  connectStdio(): Promise<void>;
  /**
   * Answers one streamable-HTTP request (POST of JSON-RPC messages); stateless, so any replica can answer.
   * Pass the app's context (the second argument of an `app.mount` handler) so tool calls run as the
   * authenticated caller (`ctx.auth`, permissions, approvals of their own); without one, or for an anonymous
   * caller, a call runs as an agent without an identity.
   */
  handleHttp(request: Request, ctx?: KitContext): Promise<Response>;
  /** Closes the stdio connection, if any. */
  close(): Promise<void>;
}

/**
 * Builds an MCP server on the official SDK from the registry: each route becomes a tool named by
 * its operation id, with the route's input and output JSON Schemas and hints derived from its
 * capability (`readOnlyHint` for `read`, `openWorldHint` for `external`, `destructiveHint` and
 * `idempotentHint` from the method of a `write`), answering with `structuredContent` equal to what
 * the HTTP route returns. Calls go through `CapabilityRegistry.invoke`, so validation and policies
 * are the same as over HTTP: a call a policy denies is a tool result with `isError` carrying the 403
 * problem document that names the policy; a call held for a person's approval is a tool result with
 * `isError` whose first text names the approval, its status URL and that the same call succeeds once
 * approved, and whose second text is the JSON the HTTP API answers with 202 (`approvalId`, `status`,
 * `statusUrl`, `policy`, `reason`, `expiresAt`). Output a `redact` policy hides reads `"[redacted]"`.
 * Optional resources, resource templates, prompts and completions of their arguments are served too.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { createMcpServer } from '@kit/kit-agent';
 *
 * const app = createKitApp({
 *   routes: { 'GET /api/health': defineAPI({ output: z.strictObject({ status: z.string() }), handler: async () => ({ status: 'ok' }) }) },
 * });
 * const mcp = createMcpServer({
 *   registry: app.registry,
 *   name: 'health',
 *   version: '1.0.0',
 *   prompts: [{ name: 'check_health', description: 'Check the service.', render: () => 'Call get_api_health and report the status.' }],
 * });
 * app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request, ctx) => mcp.handleHttp(request, ctx));
 * ```
 */
export function createMcpServer(options: CreateMcpServerOptions): KitMcpServer {
  const prompts = options.prompts ?? [];
  checkPrompts(prompts);
  const templates = checkTemplates(options.resourceTemplates ?? []);
  const listedTemplates = [...(options.resourceTemplate ? [options.resourceTemplate] : []), ...templates.map(({ template }) => template)];
  const hasResources = options.resources !== undefined || listedTemplates.length > 0;
  const hasCompletions = offersCompletions(prompts, options.resourceTemplates ?? []);
  const tools = (): Tool[] => options.registry.routes.filter((route) => servesAsTool(route.definition)).map(toTool);
  let stdio: Server | undefined;

  // One JSON Schema validator for every server this makes: the SDK would otherwise build an Ajv instance for each
  // request, which cost more than the rest of the request.
  let validator: AjvJsonSchemaValidator | undefined;
  const build = async (callContext: () => KitContext): Promise<Server> => {
    const api = await loadMcpSdk();
    const { Server, ErrorCode, McpError } = api;
    validator ??= new api.AjvJsonSchemaValidator();
    const server = new Server(
      { name: options.name, version: options.version },
      {
        capabilities: {
          tools: {},
          ...(hasResources ? { resources: {} } : {}),
          ...(prompts.length > 0 ? { prompts: {} } : {}),
          ...(hasCompletions ? { completions: {} } : {}),
        },
        ...(options.instructions ? { instructions: options.instructions } : {}),
        jsonSchemaValidator: validator,
      },
    );
    // Failures of prompts and completions become the JSON-RPC errors the protocol names for them.
    const protocolError = (error: unknown): unknown =>
      error instanceof ServerRequestError
        ? new McpError(error.kind === 'invalid_params' ? ErrorCode.InvalidParams : ErrorCode.InternalError, error.message)
        : error;

    server.setRequestHandler(api.ListToolsRequestSchema, () => ({ tools: tools() }));
    server.setRequestHandler(api.CallToolRequestSchema, async (request, extra) => {
      const route = options.registry.get(request.params.name);
      if (!route || !servesAsTool(route.definition)) {
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown tool "${request.params.name.slice(0, 100)}"; list the tools to see their names.`,
        );
      }
      const meta = request.params._meta as Record<string, unknown> | undefined;
      return toolCallResult(options.registry, route, request.params.arguments ?? {}, callContext(), {
        id: extra.requestId,
        ...(meta ? { meta } : {}),
      });
    });
    if (hasResources) {
      const resources = options.resources ?? (() => []);
      server.setRequestHandler(api.ListResourcesRequestSchema, () => ({
        resources: resources().map(({ uri, name, title, description, mimeType }) => ({
          uri,
          name,
          mimeType,
          ...(title ? { title } : {}),
          ...(description ? { description } : {}),
        })),
      }));
      server.setRequestHandler(api.ListResourceTemplatesRequestSchema, () => ({
        resourceTemplates: listedTemplates.map(({ uriTemplate, name, description, mimeType, ...rest }) => ({
          uriTemplate,
          name,
          mimeType,
          ...('title' in rest && rest.title ? { title: rest.title } : {}),
          ...(description ? { description } : {}),
        })),
      }));
      server.setRequestHandler(api.ReadResourceRequestSchema, async (request) => {
        const { uri } = request.params;
        const found = await readUri(uri, resources(), templates);
        if (!found) {
          throw new McpError(
            ErrorCode.InvalidParams,
            `No resource at "${uri.slice(0, 200)}"; list the resources and resource templates to see what exists.`,
          );
        }
        return { contents: [{ uri, mimeType: found.mimeType, text: found.text }] };
      });
    }
    if (prompts.length > 0) {
      server.setRequestHandler(api.ListPromptsRequestSchema, () => ({ prompts: listedPrompts(prompts) }));
      server.setRequestHandler(api.GetPromptRequestSchema, async (request) => {
        try {
          return await renderPrompt(findPrompt(prompts, request.params.name), request.params.arguments ?? {});
        } catch (error) {
          throw protocolError(error);
        }
      });
    }
    if (hasCompletions) {
      server.setRequestHandler(api.CompleteRequestSchema, async (request) => {
        try {
          return await complete(
            request.params.ref,
            request.params.argument,
            request.params.context?.arguments ?? {},
            prompts,
            options.resourceTemplates ?? [],
          );
        } catch (error) {
          throw protocolError(error);
        }
      });
    }
    return server;
  };

  return {
    async connectStdio() {
      const { StdioServerTransport } = await loadMcpSdk();
      stdio = await build(() => contextFor(new Request('http://stdio.invalid/mcp'), 'agent'));
      await stdio.connect(new StdioServerTransport());
    },
    async handleHttp(request, ctx) {
      const api = await loadMcpSdk();
      // An authenticated caller keeps its identity; anyone else is an agent, as over stdio.
      const callContext = () => (ctx && ctx.authType !== 'anonymous' ? ctx : contextFor(request, 'agent'));
      const guardsHosts = options.allowedHosts !== undefined || options.allowedOrigins !== undefined;
      // The SDK checks Host and Origin before anything else; with those checks on, every request goes its way.
      const direct = guardsHosts ? undefined : await answerDirectly(request, api, options.registry, callContext);
      if (direct !== undefined && 'response' in direct) return direct.response;
      // Stateless mode: a fresh server and transport per request, so no session outlives it and
      // replicas behind a load balancer need not share anything.
      const transport = new api.WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        ...(guardsHosts
          ? {
              enableDnsRebindingProtection: true,
              ...(options.allowedHosts ? { allowedHosts: hostsFor(request, options.allowedHosts) } : {}),
              ...(options.allowedOrigins ? { allowedOrigins: [...options.allowedOrigins] } : {}),
            }
          : {}),
      });
      const server = await build(callContext);
      await server.connect(transport);
      try {
        return await transport.handleRequest(request, direct === undefined ? undefined : { parsedBody: direct.parsedBody });
      } finally {
        await server.close();
      }
    },
    async close() {
      await stdio?.close();
    },
  };
}

/**
 * The SDK compares the whole `Host` header, port included, so a listed bare name would refuse
 * `localhost:3000`. The request's own host is added when its name (without the port) is listed bare.
 */
function hostsFor(request: Request, allowed: readonly string[]): string[] {
  const host = request.headers.get('host') ?? '';
  const name = host.replace(/:\d+$/, '').toLowerCase();
  const bareNameListed = allowed.some((entry) => !/:\d+$/.test(entry) && entry.toLowerCase() === name);
  return bareNameListed ? [...allowed, host] : [...allowed];
}

function toTool(route: RegisteredRoute): Tool {
  const description = route.definition.description;
  return {
    name: route.operationId,
    ...(description ? { description } : {}),
    inputSchema: { type: 'object', ...route.inputSchema } as Tool['inputSchema'],
    ...(route.outputSchema
      ? { outputSchema: toolOutputSchema(route.outputSchema as Record<string, unknown>) as NonNullable<Tool['outputSchema']> }
      : {}),
    annotations: toolAnnotations(route),
  };
}
