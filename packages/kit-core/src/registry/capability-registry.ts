import { z } from 'zod';
import type { KitContext } from '../definitions/context.js';
import type { AnyAPIDefinition, HttpMethod } from '../definitions/routes.js';
import { enforcePolicies, type PolicyDecision } from '../definitions/enforce-policies.js';
import type { PolicyDefinition } from '../definitions/define-policy.js';
import { KitError, invalidInput, type FieldIssue } from '../errors/kit-error.js';
import { ApprovalDeniedError } from '../approvals/approval-denied-error.js';
import { ApprovalRequiredError } from '../approvals/approval-required-error.js';
import { passApproval } from '../approvals/gate.js';
import { resolveApprovalOptions, type ApprovalOptions, type ResolvedApprovalOptions } from '../approvals/options.js';
import type { Approval } from '../approvals/types.js';
import { redactOutput } from '../redaction/redact-output.js';
import { redactableSchema } from '../redaction/redact-schema.js';
import { safeParseWithMessages } from './issue-messages.js';
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
  /**
   * JSON Schema of the output, when the route declares one. Under a `redact` policy, each redacted
   * path also accepts the string `"[redacted]"`.
   */
  readonly outputSchema: JsonSchema | undefined;
}

const emptyInput = z.strictObject({});

/** How one call of a route ended. */
export type CallOutcome = 'succeeded' | 'failed' | 'denied' | 'approval_required';

/**
 * One finished call of a route, whatever the transport (HTTP, MCP, A2A, in process), as observers of
 * the registry receive it: what an audit trail of agent actions records.
 */
export interface CallEvent {
  readonly route: RegisteredRoute;
  readonly ctx: KitContext;
  /** The validated input; absent when the input was invalid. */
  readonly input?: unknown;
  readonly outcome: CallOutcome;
  /** The policy that decided, when the route has one. */
  readonly decision?: PolicyDecision;
  /** The error of a `failed`, `denied` or invalid call; an `ApprovalRequiredError` for `approval_required`. */
  readonly error?: unknown;
  /**
   * The approval of a call whose policy answered `approve`: the pending one (`approval_required`),
   * the denied one (`denied`), or the one the call used to run (status `used`).
   */
  readonly approval?: Approval;
  readonly startedAt: Date;
  readonly durationMs: number;
}

/** Told about every finished call; see `CapabilityRegistry.observe`. */
export type CallObserver = (event: CallEvent) => void | Promise<void>;

/**
 * The operation id of a route: its method and path in lower case with every run of other characters as
 * one underscore (`GET /api/tickets/:id` is `get_api_tickets_id`). It names the route in the OpenAPI
 * document and is the name of its MCP tool and A2A skill, so a message can point HTTP callers and agents
 * to the same route.
 *
 * @example
 * ```ts
 * import { operationIdFor } from '@kit/kit-core';
 *
 * console.log(operationIdFor('GET', '/api/tickets')); // get_api_tickets
 * ```
 */
export function operationIdFor(method: HttpMethod, path: string): string {
  return `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '')}`;
}

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
  readonly #observers: CallObserver[] = [];
  #approvals: ResolvedApprovalOptions | undefined;
  #challenges: readonly string[] = [];

  /**
   * Where the approvals of routes whose policy answers `approve` live, and how long they last
   * (`createKitApp` passes `KitConfig.approvals`). Without it, the process-wide memory store and a
   * 24 h lifetime. Throws a `TypeError` for a bad option.
   */
  useApprovals(options: ApprovalOptions = {}): void {
    this.#approvals = resolveApprovalOptions('CapabilityRegistry.useApprovals', options);
  }

  /**
   * The `WWW-Authenticate` challenges of the credentials the app accepts, such as `Bearer realm="tickets"`
   * (`createKitApp` passes those of its authentication middleware). With at least one, a `deny` policy
   * that refuses an anonymous caller rejects with `unauthorized` (401) rather than `forbidden` (403):
   * the caller is not known yet, and credentials may get the call through. Without any, there is
   * nothing to present, so the refusal stays `forbidden`. Throws a `TypeError` for a challenge that
   * is not a non-empty string.
   */
  useAuthentication(challenges: readonly string[]): void {
    for (const challenge of challenges) {
      if (typeof challenge !== 'string' || challenge.trim() === '') {
        throw new TypeError(
          `CapabilityRegistry.useAuthentication: a challenge must be a scheme such as 'Bearer realm="api"', got ${JSON.stringify(challenge)}`,
        );
      }
    }
    this.#challenges = [...challenges];
  }

  /** The challenges of `useAuthentication`: what a 401 of this app asks the caller for. */
  get challenges(): readonly string[] {
    return this.#challenges;
  }

  /**
   * Adds an observer told about every finished call (audit trails, metrics). Observers are called when
   * the call has finished, before its answer is written, and are not awaited; one that throws or rejects is ignored, so it can never change a call's result.
   * Returns a function that removes it.
   */
  observe(observer: CallObserver): () => void {
    this.#observers.push(observer);
    return () => {
      const index = this.#observers.indexOf(observer);
      if (index >= 0) this.#observers.splice(index, 1);
    };
  }

  #notify(event: CallEvent): void {
    for (const observer of this.#observers) {
      try {
        void Promise.resolve(observer(event)).catch(() => undefined);
      } catch {
        // An observer's failure is its own; the call has already been answered.
      }
    }
  }

  /** The policy a route names, as configured; undefined for a route without one. */
  policyOf(route: RegisteredRoute): PolicyDefinition | undefined {
    return route.definition.policy === undefined ? undefined : this.#policies.get(route.definition.policy);
  }

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
    const operationId = operationIdFor(method, path);
    if (this.#byOperationId.has(operationId)) {
      throw new TypeError(`CapabilityRegistry: ${method} ${path} is registered twice; give each route its own method and path`);
    }
    if (definition.policy !== undefined && !this.#policies.has(definition.policy)) {
      throw new TypeError(
        `CapabilityRegistry: ${method} ${path} names policy "${definition.policy}", which is not configured; add it to policies`,
      );
    }
    const policy = definition.policy === undefined ? undefined : this.#policies.get(definition.policy);
    if (policy?.effect === 'redact' && (policy.redact ?? []).length === 0) {
      throw new TypeError(
        `CapabilityRegistry: ${method} ${path} names policy "${policy.key}", whose effect is redact but which lists no output paths to redact; give it redact: ['email', 'items.*.email'], or leave the route without it and call enforcePolicies in the handler`,
      );
    }
    const outputSchema = definition.output ? toJsonSchema(definition.output, 'output') : undefined;
    const inputSchema = toJsonSchema(definition.input ?? emptyInput, 'input');
    const declared = new Set(Object.keys((inputSchema.properties ?? {}) as Record<string, unknown>));
    const route: RegisteredRoute = {
      operationId,
      method,
      path,
      pathParameters: pathParameterNames(`${method} ${path}`, path, declared),
      definition,
      inputSchema,
      outputSchema: outputSchema && policy?.effect === 'redact' ? redactableSchema(outputSchema, policy.redact ?? []) : outputSchema,
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
   * validated against the output schema. The policy's effect: `deny` rejects with a `KitError`
   * `forbidden` (`unauthorized` for an anonymous caller once `useAuthentication` named challenges); `approve` lets the call run only by using an approved approval of this exact call
   * (same route, caller and input), and otherwise rejects with `ApprovalRequiredError` (pending) or
   * `ApprovalDeniedError` (a `forbidden` naming the denied approval); `redact` replaces the policy's `redact` paths of the
   * validated output with `"[redacted]"`.
   */
  invoke(route: RegisteredRoute, input: unknown, ctx: KitContext): Promise<unknown> {
    const definition = route.definition;
    if (this.#observers.length > 0 || definition.policy !== undefined || definition.output !== undefined) {
      return this.#invokeFully(route, input, ctx);
    }
    // Most calls have no observer to tell, no policy and no output schema: validating the input and
    // calling the handler is all there is to do, without the clock readings and the bookkeeping.
    try {
      const parsed = safeParseWithMessages(definition.input ?? emptyInput, input ?? {});
      if (!parsed.success) return Promise.reject(invalidInput(fieldIssues(parsed.error)));
      return Promise.resolve(definition.handler({ input: parsed.data as never, ctx }));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async #invokeFully(route: RegisteredRoute, input: unknown, ctx: KitContext): Promise<unknown> {
    const startedAt = new Date();
    const started = performance.now();
    let parsedInput: unknown;
    let decision: PolicyDecision | undefined;
    let approval: Approval | undefined;
    let finished = false;
    const finish = (outcome: CallOutcome, error?: unknown) => {
      finished = true;
      if (this.#observers.length === 0) return;
      this.#notify({
        route,
        ctx,
        ...(parsedInput === undefined ? {} : { input: parsedInput }),
        outcome,
        ...(decision === undefined ? {} : { decision }),
        ...(error === undefined ? {} : { error }),
        ...(approval === undefined ? {} : { approval }),
        startedAt,
        durationMs: performance.now() - started,
      });
    };
    try {
      const schema = route.definition.input ?? emptyInput;
      const parsed = safeParseWithMessages(schema, input ?? {});
      if (!parsed.success) throw invalidInput(fieldIssues(parsed.error));
      parsedInput = parsed.data;
      const policy = route.definition.policy === undefined ? undefined : this.#policies.get(route.definition.policy);
      if (policy) {
        decision = await enforcePolicies([policy], ctx, parsed.data);
        if (decision.effect === 'deny') {
          const error = this.#refusal(policy.key, decision.reason, ctx);
          finish('denied', error);
          throw error;
        }
        if (decision.effect === 'approve') {
          this.#approvals ??= resolveApprovalOptions('CapabilityRegistry', {});
          // A call that cannot succeed is answered now, before a person is asked or an approval spent.
          if (route.definition.precheck) await route.definition.precheck({ input: parsed.data as never, ctx });
          try {
            approval = await passApproval(this.#approvals, {
              route,
              ctx,
              input: parsed.data,
              policy: policy.key,
              reason: decision.reason ?? policy.title,
            });
          } catch (error) {
            if (error instanceof ApprovalRequiredError) {
              approval = error.approval;
              finish('approval_required', error);
            } else if (error instanceof ApprovalDeniedError) {
              approval = error.approval;
              finish('denied', error);
            }
            throw error;
          }
        }
      }
      const output = await route.definition.handler({ input: parsed.data as never, ctx });
      let result = output;
      if (route.definition.output) {
        const checked = route.definition.output.safeParse(output);
        if (!checked.success) {
          throw new KitError('internal', `${route.operationId}: the handler returned output that does not match its schema`, {
            cause: checked.error,
          });
        }
        result = checked.data;
      }
      if (decision?.effect === 'redact') result = redactOutput(result, decision.redact ?? []);
      finish('succeeded');
      return result;
    } catch (error) {
      if (!finished) finish('failed', error);
      throw error;
    }
  }

  /**
   * A `deny` decision as an error: an anonymous caller of an app that accepts credentials is told to
   * present them (401), a known caller that it may not (403).
   */
  #refusal(policy: string, reason: string | undefined, ctx: KitContext): KitError {
    const why = reason ? `: ${reason}` : '';
    if (ctx.authType === 'anonymous' && ctx.auth === undefined && this.#challenges.length > 0) {
      return new KitError('unauthorized', `Policy "${policy}" refuses anonymous callers${why}.`, {
        headers: { 'WWW-Authenticate': this.#challenges.join(', ') },
      });
    }
    return new KitError('forbidden', `Policy "${policy}" denies this call${why}.`);
  }
}

/**
 * zod issues as `{ field, message }`, unknown keys reported one field each: what `invalid_input` lists,
 * and what kit-react turns into a form's field errors.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { fieldIssues } from '@kit/kit-core/internal';
 *
 * const result = z.strictObject({ title: z.string().min(3) }).safeParse({ title: 'ab', extra: 1 });
 * if (!result.success) console.log(fieldIssues(result.error).map((issue) => issue.field)); // [ 'title', 'extra' ]
 * ```
 */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: 'is not a known field; remove it' }));
    }
    return [{ field: base, message: issue.message }];
  });
}
