import { servesAsTool, type Capability, type CapabilityRegistry, type JsonSchema, type RegisteredRoute } from '@kit/kit-core';
import { KitAIError } from '@kit/kit-ai';

/**
 * A route as an A2A skill filter sees it: the registered route with its capability (`read` when the
 * route sets none) and description at hand, as `toLangChainTools` gives them to its filter.
 */
export interface A2ASkillRoute extends RegisteredRoute {
  readonly capability: Capability;
  readonly description: string | undefined;
}

/**
 * Chooses the routes an A2A agent offers as skills; every route when omitted.
 *
 * @example
 * ```ts
 * import type { A2ASkillFilter } from '@kit/kit-agent';
 *
 * const readOnly: A2ASkillFilter = (route) => route.capability === 'read';
 * ```
 */
export type A2ASkillFilter = (route: A2ASkillRoute) => boolean;

/** The routes offered as skills, in registration order, refusing a selection that leaves none. */
export function skillRoutes(
  component: string,
  registry: CapabilityRegistry,
  filter: A2ASkillFilter | undefined,
): readonly RegisteredRoute[] {
  const offered = registry.routes.filter((route) => servesAsTool(route.definition));
  const routes = filter
    ? offered.filter((route) =>
        filter({ ...route, capability: route.definition.capability ?? 'read', description: route.definition.description }),
      )
    : offered;
  if (routes.length === 0) {
    const why = registry.routes.length === 0 ? 'the registry has no routes' : `filter refuses all ${registry.routes.length} routes`;
    throw new KitAIError(
      'invalid_config',
      `${component}: no route is left to offer as a skill (${why}); register defineAPI routes or loosen filter.`,
    );
  }
  return routes;
}

interface PropertySchema {
  readonly type?: unknown;
}

function propertiesOf(schema: JsonSchema): Readonly<Record<string, PropertySchema>> {
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, PropertySchema>) : {};
}

function requiredOf(schema: JsonSchema): readonly string[] {
  return Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * The field that receives a plain-text message: the route's only required field, when it is a
 * string (`q` of a search). Routes with no such field take structured input only.
 */
export function textField(route: RegisteredRoute): string | undefined {
  const required = requiredOf(route.inputSchema);
  if (required.length !== 1) return undefined;
  const name = required[0]!;
  const properties = propertiesOf(route.inputSchema);
  return Object.hasOwn(properties, name) && properties[name]?.type === 'string' ? name : undefined;
}

/**
 * One line naming the route's input fields with their JSON types, for the skill's description:
 * the A2A card has no place for an input schema, and a calling agent needs the field names.
 */
export function inputSummary(route: RegisteredRoute): string {
  const properties = Object.entries(propertiesOf(route.inputSchema));
  if (properties.length === 0) return 'Input: none; send an empty data part {} or no parts.';
  const required = new Set(requiredOf(route.inputSchema));
  const fields = properties.map(([name, schema]) => {
    const type = typeof schema.type === 'string' ? schema.type : 'any JSON value';
    return `${name} (${type}${required.has(name) ? ', required' : ''})`;
  });
  const text = textField(route);
  const asText = text ? ` Plain text is taken as ${text}.` : '';
  return `Input: a JSON object with ${fields.join(', ')}, in a data part or as JSON text.${asText}`;
}
