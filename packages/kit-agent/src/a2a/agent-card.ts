import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import type { CapabilityRegistry, RegisteredRoute } from '@kit/kit-core';
import { KitAIError } from '@kit/kit-ai';
import { a2aProtocolVersion, jsonRpcBinding } from './sdk.js';
import { inputSummary, skillRoutes, type A2ASkillFilter } from './skills.js';

/**
 * The media types `createA2AHandler` reads and writes: a data part holding JSON, or text. They are
 * the card's default input and output modes, and every skill inherits them.
 */
export const a2aModes: readonly string[] = ['application/json', 'text/plain'];

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
 * The A2A agent card (protocol 1.0, the version `@a2a-js/sdk` speaks) of a kit app: one skill per
 * route, whose id is the operation id (`get_api_search`), whose name is the method and path (`GET
 * /api/search`), whose description is the route's (followed by its input fields unless
 * `describeInput: false`) and whose tags are its capability (`read`, `write` or `external`) and,
 * when set, its resource. The card announces one JSON-RPC interface at `url`, streaming, no push
 * notifications and no extended card, and `application/json` and `text/plain` as input and output
 * modes. Serve it as JSON at `/.well-known/agent.json` (and at `/.well-known/agent-card.json`, where
 * the SDK's client looks by default).
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
export function generateAgentCard(options: GenerateAgentCardOptions): AgentCard {
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
    supportedInterfaces: [{ url: options.url, protocolBinding: jsonRpcBinding, tenant: '', protocolVersion: a2aProtocolVersion }],
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
      throw new KitAIError('invalid_config', `${component}: examples names skill ${JSON.stringify(id.slice(0, 100))}, which is not offered; key examples by one of ${[...ids].join(', ')}.`);
    }
    if (!Array.isArray(list) || list.some((example) => typeof example !== 'string' || example.trim() === '')) {
      throw new KitAIError('invalid_config', `${component}: examples.${id} must be a list of non-empty strings; give each example as the text a client would send.`);
    }
  }
}

function requireText(component: string, field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new KitAIError('invalid_config', `${component}: ${field} must be a non-empty string, got ${describeValue(value)}; set it to what clients should see.`);
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
    throw new KitAIError('invalid_config', `${component}: ${field} must be an absolute http(s) URL, got ${describeValue(value)}; resolve a path against the public base URL, e.g. new URL('/a2a', 'https://example.com').href.`);
  }
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value) : String(value);
}
