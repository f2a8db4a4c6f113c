import type { PolicyEffect } from '../definitions/define-policy.js';
import type { AppInfo } from '../definitions/routes.js';
import { kitErrorCodes } from '../errors/kit-error.js';
import type { CapabilityRegistry, RegisteredRoute } from './capability-registry.js';
import type { JsonSchema } from './json-schema.js';
import { openApiPath } from './path-params.js';

/** An OpenAPI 3.1 document as plain data. */
export type OpenAPIDocument = {
  readonly openapi: '3.1.0';
  readonly info: AppInfo;
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: { readonly schemas: Record<string, JsonSchema> };
  readonly [key: string]: unknown;
};

/** Problem details (RFC 9457) as every error of a kit app is shaped. */
const problemSchema: JsonSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', description: 'Stable identifier of the kind of problem, e.g. /problems/invalid-input.' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string', description: 'What went wrong and how to fix it.' },
    errors: {
      type: 'array',
      description: 'Per-field problems of an invalid input.',
      items: {
        type: 'object',
        required: ['field', 'message'],
        additionalProperties: false,
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
    suggestions: { type: 'array', items: { type: 'string' }, description: 'Close matches of a value that was not found.' },
  },
};

/** Statuses every operation may answer with besides 200, and why. */
/** The 202 of a call held for a person's approval (an `approve` policy applied). */
const pendingApprovalResponse = {
  description:
    'Held for approval: a person must approve this call. Poll `statusUrl`; once approved, the same call (same input, same caller) runs once.',
  headers: {
    Location: { description: 'The status URL of the approval.', schema: { type: 'string' } },
    'Retry-After': { description: 'Seconds to wait before polling the status URL.', schema: { type: 'integer' } },
  },
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          approvalId: { type: 'string' },
          status: { const: 'pending' },
          statusUrl: { type: 'string' },
          policy: { type: 'string' },
          reason: { type: 'string' },
          expiresAt: { type: 'string', format: 'date-time' },
        },
        required: ['approvalId', 'status', 'statusUrl', 'policy', 'expiresAt'],
      },
    },
  },
};

const errorResponses: Record<number, string> = {
  400: 'The input is invalid; `errors` names each field and the fix.',
  404: 'The named item does not exist; `suggestions` lists close matches.',
  405: 'The method is not allowed; the `Allow` header lists those that are.',
  408: 'The request body did not arrive in full in time (fewer bytes than Content-Length announced); the connection is closed.',
  413: 'The request body is too large.',
  415: 'The request body is not JSON.',
  429: 'Too many requests; retry after the `Retry-After` header.',
};

/**
 * Projects every route of the registry to an OpenAPI 3.1 operation. GET operations declare their
 * input twice, as the request body (JSON) and as query parameters, because the service accepts both.
 * A GET parameter the input requires is required in neither place (OpenAPI cannot say "in the query
 * string or in the body"), so a client sending it in either conforms; its description says it is
 * required, and a call without it anywhere is a 400. The request body schema is the input schema
 * itself, with its `required` list. Path parameters (`:id`) are written as templates (`{id}`) and
 * declared `in: path`, required, with their property's schema; they are neither query parameters nor
 * in the body's `required` list (the body may still carry one, with the same value). Routes with
 * `cache: 'no-store'` declare that header and no ETag;
 * the others declare their `ETag` and the 304 that answers a matching `If-None-Match`.
 *
 * @example
 * ```ts
 * import { CapabilityRegistry, toOpenAPI } from '@kit/kit-core';
 *
 * const document = toOpenAPI(new CapabilityRegistry(), { title: 'Empty', version: '0.1.0' });
 * console.log(document.openapi); // 3.1.0
 * ```
 */
export function toOpenAPI(registry: CapabilityRegistry, info: AppInfo): OpenAPIDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registry.routes) {
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase()] = operation(route, registry.policyOf(route)?.effect, registry.challenges.length > 0);
  }
  return { openapi: '3.1.0', info, paths, components: { schemas: { Problem: problemSchema } } };
}

const etagHeader = {
  description: 'Weak validator of the body; send it back in If-None-Match to get a 304 while the answer is unchanged.',
  schema: { type: 'string' },
};
const createdLocationHeader = { description: 'The URL of the resource the call made.', schema: { type: 'string' } };
const challengeHeader = { description: 'The authentication schemes the app accepts.', schema: { type: 'string' } };
const cacheControlHeader = {
  description: '`no-cache` (keep, but revalidate with the ETag) or, for answers that change on every call, `no-store`.',
  schema: { type: 'string' },
};

function parameterDescription(schema: JsonSchema, isRequired: boolean): { description?: string } {
  const own = typeof schema.description === 'string' ? schema.description : undefined;
  if (!isRequired) return own ? { description: own } : {};
  const rule = 'Required: send it in the query string or in the JSON body.';
  return { description: own ? `${own} ${rule}` : rule };
}

function operation(route: RegisteredRoute, policyEffect: PolicyEffect | undefined, authenticates: boolean): Record<string, unknown> {
  const properties = (route.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const inPath = new Set(route.pathParameters);
  const required = new Set(((route.inputSchema.required ?? []) as string[]).filter((name) => !inPath.has(name)));
  const hasInput = Object.keys(properties).some((name) => !inPath.has(name));
  // The path fills these fields, so a body need not repeat them: they leave its `required` list.
  const bodySchema =
    inPath.size > 0 && Array.isArray(route.inputSchema.required) ? withRequired(route.inputSchema, [...required]) : route.inputSchema;
  const pathParameters = route.pathParameters.map((name) => ({
    name,
    in: 'path',
    required: true,
    ...(typeof properties[name]?.description === 'string' ? { description: properties[name].description } : {}),
    schema: properties[name] ?? {},
  }));
  const queryParameters =
    hasInput && route.method === 'GET'
      ? Object.entries(properties)
          .filter(([name]) => !inPath.has(name))
          .map(([name, schema]) => ({ name, in: 'query', required: false, ...parameterDescription(schema, required.has(name)), schema }))
      : [];
  const resumeParameter =
    route.definition.response?.kind === 'event-stream'
      ? [
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            description: 'The `id` of the last event a reconnecting client got: the stream goes on after it.',
            schema: { type: 'string' },
          },
        ]
      : [];
  const parameters = [...pathParameters, ...queryParameters, ...resumeParameter];
  const description = route.definition.description;
  const problem = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
  const noStore = route.definition.cache === 'no-store';
  const content = route.outputSchema ? { content: { 'application/json': { schema: route.outputSchema } } } : {};
  const shape = route.definition.response;
  const responses: Record<string, unknown> =
    shape?.kind === 'event-stream'
      ? {
          200: {
            description:
              'A stream of Server-Sent Events, each with a JSON `data` line; a client that reconnects sends the `id` of the last event it got as `Last-Event-ID`. A comment line keeps a silent stream open; an error after the stream began comes as an `error` event holding a problem document.',
            headers: { 'Cache-Control': cacheControlHeader },
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        }
      : shape?.kind === 'created'
        ? {
            201: shape.location
              ? {
                  description: 'Created: the body is the new resource, `Location` its URL.',
                  headers: { Location: createdLocationHeader, 'Cache-Control': cacheControlHeader },
                  ...content,
                }
              : { description: 'Created: the body is the new resource.', headers: { 'Cache-Control': cacheControlHeader }, ...content },
          }
        : {
            200: {
              description: 'Success',
              headers: noStore ? { 'Cache-Control': cacheControlHeader } : { ETag: etagHeader, 'Cache-Control': cacheControlHeader },
              ...content,
            },
            ...(noStore
              ? {}
              : {
                  304: {
                    description: 'Not modified: `If-None-Match` named the current `ETag`; the copy the client holds is current.',
                    headers: { ETag: etagHeader },
                  },
                }),
          };
  // Every operation can meet every one of these: a route without parameters still rejects unknown
  // ones (400) and bodies that are not JSON (415) or too large (413).
  for (const [status, text] of Object.entries(errorResponses)) responses[status] = { description: text, content: problem };
  if (policyEffect === 'approve') responses[202] = pendingApprovalResponse;
  if (policyEffect === 'deny' && authenticates) {
    responses[401] = {
      description: "Unauthorized: the route's policy refuses anonymous callers; present credentials as `WWW-Authenticate` asks.",
      headers: { 'WWW-Authenticate': challengeHeader },
      content: problem,
    };
  }
  if (policyEffect === 'approve' || policyEffect === 'deny') {
    responses[403] = {
      description: `Forbidden: the route's policy denies this call${policyEffect === 'approve' ? ', or a person denied its approval' : ''}; \`detail\` names the policy.`,
      content: problem,
    };
  }
  responses[String(kitErrorCodes.internal)] = { description: 'The server failed; nothing about it is revealed.', content: problem };
  return {
    operationId: route.operationId,
    ...(description ? { summary: description.split('. ')[0]?.replace(/\.$/, ''), description } : {}),
    ...(route.definition.capability ? { 'x-kit-capability': route.definition.capability } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(hasInput
      ? {
          requestBody: {
            required: required.size > 0 && route.method !== 'GET',
            content: { 'application/json': { schema: bodySchema } },
          },
        }
      : {}),
    responses,
  };
}

/** The schema with another `required` list; the list is left out when empty, as zod leaves it out. */
function withRequired(schema: JsonSchema, required: string[]): JsonSchema {
  const { required: _, ...rest } = schema;
  return required.length > 0 ? { ...rest, required } : rest;
}
