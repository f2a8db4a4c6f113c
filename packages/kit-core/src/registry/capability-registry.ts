import { z } from 'zod';
import type { KitContext } from '../definitions/context.js';
import type { AnyAPIDefinition, HttpMethod } from '../definitions/define-config.js';
import { enforcePolicies } from '../definitions/enforce-policies.js';
import type { PolicyDefinition } from '../definitions/define-policy.js';
import { KitError, invalidInput, type FieldIssue } from '../errors/kit-error.js';
import { issueMessage } from './issue-messages.js';
import { toJsonSchema, type JsonSchema } from './json-schema.js';
import { pathParameterNames } from './path-params.js';

/** A route as the registry holds it, with its derived names and JSON Schemas. */
export interface RegisteredRoute {
  /** `get_api_docs` for `GET /api/docs`: method and path segments joined by `_`. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The path in Hono's syntax, as configured: `/api/tickets/:id`. */
  readonly path: string;
  /**
   * Names of the path's parameters in path order (`['id']` for `/api/tickets/:id`); each is a
   * property of the input schema, filled from the request path over HTTP.
   */
  readonly pathParameters: readonly string[];
  readonly definition: AnyAPIDefinition;
  /** JSON Schema of the input as callers send it; an empty object schema when the route takes none. */
  readonly inputSchema: JsonSchema;
  /** JSON Schema of the output, when the route declares one. */
  readonly outputSchema: JsonSchema | undefined;
}

const emptyInput = z.strictObject({});

/**
 * Collects every `defineAPI` route and projects it: to an HTTP route (in `createKitApp`), to an
 * OpenAPI operation (`toOpenAPI`), to an MCP tool (in `@kit/kit-agent`). `invoke` is the one path
 * a call takes whatever the transport: validate input, enforce the route's policy, run the handler,
 * validate output.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { CapabilityRegistry, defineAPI } from '@kit/kit-core';
 *
 * const registry = new CapabilityRegistry();
 * registry.register('GET', '/api/hello', defineAPI({
 *   input: z.strictObject({ name: z.string() }),
 *   handler: async ({ input }) => ({ message: `Hello, ${input.name}` }),
 * }));
 * console.log(registry.routes.map((route) => route.operationId)); // [ 'get_api_hello' ]
 * ```
 */
export class CapabilityRegistry {
  readonly #routes: RegisteredRoute[] = [];
  readonly #byOperationId = new Map<string, RegisteredRoute>();
  readonly #policies = new Map<string, PolicyDefinition>();

  /** Makes policies available to routes that name them. */
  addPolicies(policies: readonly PolicyDefinition[]): void {
    for (const policy of policies) this.#policies.set(policy.key, policy);
  }

  /**
   * Adds a route; throws a `TypeError` when its method and path (and so its operation id) are taken,
   * when it names a policy that is not configured, or when its path has a parameter (`:id`) that its
   * input schema does not declare, that is optional (`:id?`) or that appears twice.
   */
  register(method: HttpMethod, path: string, definition: AnyAPIDefinition): RegisteredRoute {
    if (!path.startsWith('/')) throw new TypeError(`CapabilityRegistry: path "${path}" must start with "/"`);
    const operationId = `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '')}`;
    if (this.#byOperationId.has(operationId)) {
      throw new TypeError(`CapabilityRegistry: ${method} ${path} is registered twice; give each route its own method and path`);
    }
    if (definition.policy !== undefined && !this.#policies.has(definition.policy)) {
      throw new TypeError(`CapabilityRegistry: ${method} ${path} names policy "${definition.policy}", which is not configured; add it to policies`);
    }
    const inputSchema = toJsonSchema(definition.input ?? emptyInput, 'input');
    const declared = new Set(Object.keys((inputSchema.properties ?? {}) as Record<string, unknown>));
    const route: RegisteredRoute = {
      operationId,
      method,
      path,
      pathParameters: pathParameterNames(`${method} ${path}`, path, declared),
      definition,
      inputSchema,
      outputSchema: definition.output ? toJsonSchema(definition.output, 'output') : undefined,
    };
    this.#routes.push(route);
    this.#byOperationId.set(operationId, route);
    return route;
  }

  /** Every route, in registration order. */
  get routes(): readonly RegisteredRoute[] {
    return this.#routes;
  }

  /** The route with this operation id. */
  get(operationId: string): RegisteredRoute | undefined {
    return this.#byOperationId.get(operationId);
  }

  /**
   * Runs one call of a route: `input` is validated against the route's schema (a `KitError`
   * `invalid_input` listing every field issue otherwise, worded as `issueMessage` says where the
   * schema sets no message), the route's policy is enforced, the handler runs, and its output is
   * validated against the output schema.
   */
  async invoke(route: RegisteredRoute, input: unknown, ctx: KitContext): Promise<unknown> {
    const schema = route.definition.input ?? emptyInput;
    const parsed = schema.safeParse(input ?? {}, { error: issueMessage });
    if (!parsed.success) throw invalidInput(fieldIssues(parsed.error));
    const policy = route.definition.policy === undefined ? undefined : this.#policies.get(route.definition.policy);
    if (policy) {
      const decision = await enforcePolicies([policy], ctx, parsed.data);
      if (decision.effect === 'deny' || decision.effect === 'approve') {
        const why = decision.reason ? `: ${decision.reason}` : '';
        const what = decision.effect === 'deny' ? 'denies this call' : 'requires an approval for this call';
        throw new KitError('forbidden', `Policy "${policy.key}" ${what}${why}.`);
      }
    }
    const output = await route.definition.handler({ input: parsed.data as never, ctx });
    if (route.definition.output) {
      const checked = route.definition.output.safeParse(output);
      if (!checked.success) {
        throw new KitError('internal', `${route.operationId}: the handler returned output that does not match its schema`, { cause: checked.error });
      }
      return checked.data;
    }
    return output;
  }
}

/** zod issues as `{ field, message }`, unknown keys reported one field each. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: 'is not a known field; remove it' }));
    }
    return [{ field: base, message: issue.message }];
  });
}
