import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import type { CapabilityRegistry, RegisteredRoute } from '@kit/kit-core';
import { KitAIError } from '@kit/kit-ai';
import { a2aLegacyProtocolVersion, a2aProtocolVersion, jsonRpcBinding } from './sdk.js';
import { inputSummary, skillRoutes, type A2ASkillFilter } from './skills.js';

/**
 * The media types `createA2AHandler` reads and writes: a data part holding JSON, or text. They are
 * the card's default input and output modes, and every skill inherits them.
 */
export const a2aModes: readonly string[] = ['application/json', 'text/plain'];

/**
 * The fields an A2A 0.3 client reads from an agent card, where 1.0 has `supportedInterfaces`: the
 * endpoint, its binding and the protocol version. `generateAgentCard` sets them beside the 1.0
 * fields, so clients of either version find the endpoint in the same card.
 *
 * @example
 * ```ts
 * import type { A2ALegacyCardFields } from '@kit/kit-agent';
 *
 * // What a client of A2A 0.3 reads to find where to send message/send.
 * function legacyEndpoint(card: A2ALegacyCardFields): string {
 *   return card.preferredTransport === 'JSONRPC' ? card.url : '';
 * }
 * ```
 */
export interface A2ALegacyCardFields {
  /** The JSON-RPC endpoint, as in `supportedInterfaces`. */
  readonly url: string;
  /** `JSONRPC`. */
  readonly preferredTransport: string;
  /** `0.3.0`. */
  readonly protocolVersion: string;
  /** `false`: the agent has no extended card. */
  readonly supportsAuthenticatedExtendedCard: boolean;
}

/**
 * The card `generateAgentCard` builds: an A2A 1.0 agent card (the SDK's `AgentCard`) that carries
 * the 0.3 fields too.
 *
 * @example
 * ```ts
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { generateAgentCard, type KitAgentCard } from '@kit/kit-agent';
 *
 * const app = createKitApp({ routes: { 'GET /api/health': defineAPI({ handler: async () => ({ ok: true }) }) } });
 * const card: KitAgentCard = generateAgentCard({ registry: app.registry, name: 'status', description: 'Reports health.', url: 'https://status.example.com/a2a', version: '1.0.0' });
 * console.log(card.supportedInterfaces.map((entry) => entry.protocolVersion), card.protocolVersion); // [ '1.0', '0.3' ] 0.3.0
 * ```
 */
export type KitAgentCard = AgentCard & A2ALegacyCardFields;

/** Options of `generateAgentCard`. */
export interface GenerateAgentCardOptions {
  /** The app's routes; each one the filter keeps becomes a skill. */
  readonly registry: CapabilityRegistry;
  /** Name of the agent, shown to people and agents choosing one. */
  readonly name: string;
  /** What the agent does. */
  readonly description: string;
  /**
   * Absolute http(s) URL of the A2A JSON-RPC endpoint (where `createA2AHandler` is mounted), such as
   * `https://docs.example.com/a2a`; clients send their calls there.
   */
  readonly url: string;
  /** Version of the agent (of the app), not of the protocol. */
  readonly version: string;
  /** Which routes become skills; every route when omitted. Pass the same filter to `createA2AHandler`. */
  readonly filter?: A2ASkillFilter;
  /** Example prompts or inputs per skill, keyed by operation id (`get_api_search`). */
  readonly examples?: Readonly<Record<string, readonly string[]>>;
  /** Who runs the agent. */
  readonly provider?: { readonly organization: string; readonly url: string };
  /** Where people read about the agent. */
  readonly documentationUrl?: string;
  readonly iconUrl?: string;
  /**
   * Appends to each skill's description a line naming its input fields and their types (`Input: a
   * JSON object with q (string, required), limit (integer), ...`), since the card has no field for an
   * input schema. Default true.
   */
  readonly describeInput?: boolean;
}

/**
 * The A2A agent card of a kit app, readable by clients of protocol 1.0 (the version `@a2a-js/sdk`
 * speaks) and of 0.3, which `createA2AHandler` both answers: one skill per
 * route, whose id is the operation id (`get_api_search`), whose name is the method and path (`GET
 * /api/search`), whose description is the route's (followed by its input fields unless
 * `describeInput: false`) and whose tags are its capability (`read`, `write` or `external`) and,
 * when set, its resource. The card announces the JSON-RPC endpoint at `url` twice in
 * `supportedInterfaces`, for protocol versions 1.0 and 0.3 (a 1.0 client picks the 1.0 one), and
 * again in the 0.3 fields `url`, `preferredTransport` and `protocolVersion` that 0.3 clients read;
 * streaming, no push notifications and no extended card, and `application/json` and `text/plain` as
 * input and output modes. Serve it as JSON at `/.well-known/agent.json` and at
 * `/.well-known/agent-card.json`, where clients of both versions look by default.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { generateAgentCard } from '@kit/kit-agent';
 *
 * const app = createKitApp({
 *   routes: {
 *     'GET /api/tickets/count': defineAPI({
 *       description: 'Counts the open tickets.',
 *       output: z.strictObject({ open: z.number().int() }),
 *       handler: async () => ({ open: 3 }),
 *     }),
 *   },
 * });
 * const card = generateAgentCard({
 *   registry: app.registry,
 *   name: 'helpdesk',
 *   description: 'Answers questions about the helpdesk queue.',
 *   url: 'https://helpdesk.example.com/a2a',
 *   version: '1.0.0',
 * });
 * const body = JSON.stringify(card);
 * app.get('/.well-known/agent.json', () => new Response(body, { headers: { 'Content-Type': 'application/json' } }));
 * console.log(card.skills.map((skill) => skill.id)); // [ 'get_api_tickets_count' ]
 * ```
 */
export function generateAgentCard(options: GenerateAgentCardOptions): KitAgentCard {
  const component = 'generateAgentCard';
  requireText(component, 'name', options.name);
  requireText(component, 'description', options.description);
  requireText(component, 'version', options.version);
  requireHttpUrl(component, 'url', options.url);
  if (options.documentationUrl !== undefined) requireHttpUrl(component, 'documentationUrl', options.documentationUrl);
  if (options.iconUrl !== undefined) requireHttpUrl(component, 'iconUrl', options.iconUrl);
  if (options.provider !== undefined) {
    requireText(component, 'provider.organization', options.provider.organization);
    requireHttpUrl(component, 'provider.url', options.provider.url);
  }
  const routes = skillRoutes(component, options.registry, options.filter);
  checkExamples(component, routes, options.examples);
  const describeInput = options.describeInput ?? true;
  return {
    name: options.name,
    description: options.description,
    supportedInterfaces: [
      { url: options.url, protocolBinding: jsonRpcBinding, tenant: '', protocolVersion: a2aProtocolVersion },
      { url: options.url, protocolBinding: jsonRpcBinding, tenant: '', protocolVersion: a2aLegacyProtocolVersion },
    ],
    provider: options.provider ? { organization: options.provider.organization, url: options.provider.url } : undefined,
    version: options.version,
    ...(options.documentationUrl !== undefined ? { documentationUrl: options.documentationUrl } : {}),
    ...(options.iconUrl !== undefined ? { iconUrl: options.iconUrl } : {}),
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: [...a2aModes],
    defaultOutputModes: [...a2aModes],
    skills: routes.map((route) => toSkill(route, options.examples?.[route.operationId] ?? [], describeInput)),
    signatures: [],
    // Where a 0.3 client looks for the endpoint; a 1.0 client reads supportedInterfaces and ignores these.
    url: options.url,
    preferredTransport: jsonRpcBinding,
    protocolVersion: `${a2aLegacyProtocolVersion}.0`,
    supportsAuthenticatedExtendedCard: false,
  };
}

function toSkill(route: RegisteredRoute, examples: readonly string[], describeInput: boolean): AgentSkill {
  const capability = route.definition.capability ?? 'read';
  const own = route.definition.description?.trim() || `Calls ${route.method} ${route.path}.`;
  return {
    id: route.operationId,
    name: `${route.method} ${route.path}`,
    description: describeInput ? `${own}\n\n${inputSummary(route)}` : own,
    tags: route.definition.resource ? [capability, route.definition.resource] : [capability],
    examples: [...examples],
    // Empty: the skill accepts and produces the card's default modes.
    inputModes: [],
    outputModes: [],
    securityRequirements: [],
  };
}

function checkExamples(component: string, routes: readonly RegisteredRoute[], examples: GenerateAgentCardOptions['examples']): void {
  if (!examples) return;
  const ids = new Set(routes.map((route) => route.operationId));
  for (const [id, list] of Object.entries(examples)) {
    if (!ids.has(id)) {
      throw new KitAIError(
        'invalid_config',
        `${component}: examples names skill ${JSON.stringify(id.slice(0, 100))}, which is not offered; key examples by one of ${[...ids].join(', ')}.`,
      );
    }
    if (!Array.isArray(list) || list.some((example) => typeof example !== 'string' || example.trim() === '')) {
      throw new KitAIError(
        'invalid_config',
        `${component}: examples.${id} must be a list of non-empty strings; give each example as the text a client would send.`,
      );
    }
  }
}

function requireText(component: string, field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new KitAIError(
      'invalid_config',
      `${component}: ${field} must be a non-empty string, got ${describeValue(value)}; set it to what clients should see.`,
    );
  }
}

function requireHttpUrl(component: string, field: string, value: unknown): void {
  let parsed: URL | undefined;
  try {
    parsed = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new KitAIError(
      'invalid_config',
      `${component}: ${field} must be an absolute http(s) URL, got ${describeValue(value)}; resolve a path against the public base URL, e.g. new URL('/a2a', 'https://example.com').href.`,
    );
  }
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value) : String(value);
}
