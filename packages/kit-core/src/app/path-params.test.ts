/**
 * Path parameters over real HTTP: `:id` segments reach the handler's input typed by the schema and
 * URI-decoded, conflicts with the query string or body are a 400, and the OpenAPI document declares
 * them as `in: path` templates and stays a valid OpenAPI 3.1 document.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from './create-kit-app.js';
import type { KitServer } from './kit-app.js';
import { defineAPI } from '../definitions/define-api.js';
import { getWithJson, sendRaw, type RawResponse } from '../../../../test-support/http.js';
import { OpenApiValidator } from '../../../docs/test/support/openapi-validator.js';

const ticket = defineAPI({
  description: 'Reads a ticket.',
  input: z.strictObject({ id: z.number().int().min(1).describe('Ticket number.'), verbose: z.boolean().optional() }),
  output: z.strictObject({ id: z.number(), verbose: z.boolean() }),
  handler: async ({ input }) => ({ id: input.id, verbose: input.verbose ?? false }),
});

const rename = defineAPI({
  description: 'Renames a page.',
  capability: 'write',
  input: z.strictObject({ slug: z.string().min(1), title: z.string().min(1) }),
  output: z.strictObject({ slug: z.string(), title: z.string() }),
  handler: async ({ input }) => input,
});

const measure = defineAPI({
  input: z.strictObject({ value: z.number(), flag: z.boolean() }),
  output: z.strictObject({ value: z.number(), flag: z.boolean() }),
  handler: async ({ input }) => input,
});

function makeApp() {
  return createKitApp({
    info: { title: 'tickets', version: '1.0.0' },
    routes: {
      'GET /api/tickets/:id': ticket,
      'POST /api/pages/:slug': rename,
      'GET /api/measure/:value/:flag': measure,
    },
  });
}

let server: KitServer;
let base: string;
let openapi: OpenApiValidator;

beforeAll(async () => {
  server = await makeApp().listen({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
  openapi = new OpenApiValidator((await sendRaw(`${base}/openapi.json`)).json());
});
afterAll(() => server?.close());

/** A request whose JSON answer is checked against the served OpenAPI document for its template path. */
async function call(template: string, path: string, options: { method?: string; json?: unknown } = {}): Promise<RawResponse> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const response = await sendRaw(`${base}${path}`, {
    method: options.method ?? 'GET',
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  const contentType = String(response.headers['content-type'] ?? '');
  const method = (options.method ?? 'GET').toLowerCase();
  const declared =
    openapi.document.paths[template]?.[method]?.responses?.[String(response.status)]?.content?.[contentType.split(';')[0]!]?.schema;
  expect(declared, `${template} ${response.status} ${contentType} is declared`).toBeDefined();
  if (method === 'get') expect(openapi.check(template, response.status, contentType, response.json())).toEqual([]);
  return response;
}

describe('path parameters over HTTP', () => {
  it('reach the handler converted to the schema type', async () => {
    const response = await call('/api/tickets/{id}', '/api/tickets/7');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ id: 7, verbose: false });
    const both = await call('/api/measure/{value}/{flag}', '/api/measure/-2.5/true');
    expect(both.json()).toEqual({ value: -2.5, flag: true });
  });

  it('are strict about numbers and booleans, as query values are', async () => {
    const fraction = await call('/api/tickets/{id}', '/api/tickets/7.5');
    expect(fraction.status).toBe(400);
    expect(fraction.json()).toMatchObject({
      detail: 'Invalid input: id must be a whole number written in digits, got "7.5".',
      errors: [{ field: 'id', message: 'must be a whole number written in digits, got "7.5"' }],
    });
    for (const bad of ['07', '1e3', '0x10', '%207']) expect((await call('/api/tickets/{id}', `/api/tickets/${bad}`)).status).toBe(400);
    const flag = await call('/api/measure/{value}/{flag}', '/api/measure/1/yes');
    expect(flag.status).toBe(400);
    expect(flag.json().errors).toEqual([{ field: 'flag', message: 'must be true or false, got "yes"' }]);
    // Badly typed path and query values are reported together.
    const both = await call('/api/tickets/{id}', '/api/tickets/x?verbose=maybe');
    expect(both.json().errors).toEqual([
      { field: 'id', message: 'must be a whole number written in digits, got "x"' },
      { field: 'verbose', message: 'must be true or false, got "maybe"' },
    ]);
    // The schema's own rules still apply after conversion.
    const zero = await call('/api/tickets/{id}', '/api/tickets/0');
    expect(zero.status).toBe(400);
    expect(zero.json().errors[0].field).toBe('id');
  });

  it('are URI-decoded', async () => {
    const response = await call('/api/pages/{slug}', '/api/pages/caf%C3%A9%20menu%2Fdrinks', { method: 'POST', json: { title: 'Menu' } });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ slug: 'café menu/drinks', title: 'Menu' });
  });

  it('combine with the query string and the body, and may be repeated there with the same value', async () => {
    expect((await call('/api/tickets/{id}', '/api/tickets/7?verbose=true')).json()).toEqual({ id: 7, verbose: true });
    expect((await call('/api/tickets/{id}', '/api/tickets/7?id=7')).status).toBe(200);
    const sameInBody = await getWithJson(`${base}/api/tickets/7`, { id: 7, verbose: true });
    expect(sameInBody.status).toBe(200);
    expect(sameInBody.json()).toEqual({ id: 7, verbose: true });
    expect((await call('/api/pages/{slug}', '/api/pages/home', { method: 'POST', json: { slug: 'home', title: 'Home' } })).status).toBe(
      200,
    );
  });

  it('answer 400 naming the field when the query string or body gives another value', async () => {
    const query = await call('/api/tickets/{id}', '/api/tickets/7?id=8');
    expect(query.status).toBe(400);
    expect(query.json().errors).toEqual([
      { field: 'id', message: 'is given in the path and in the query string with different values; send it once, in the path' },
    ]);
    const body = await call('/api/pages/{slug}', '/api/pages/home', { method: 'POST', json: { slug: 'about', title: 'About' } });
    expect(body.status).toBe(400);
    expect(body.json()).toMatchObject({
      detail: 'Invalid input: slug is given in the path and in the body with different values; send it once, in the path.',
    });
    // "7" in a body is a string, not the number the path gives.
    const typed = await getWithJson(`${base}/api/tickets/7`, { id: '7' });
    expect(typed.status).toBe(400);
    expect(typed.json().errors).toEqual([
      { field: 'id', message: 'is given in the path and in the body with different values; send it once, in the path' },
    ]);
  });

  it('leave other paths to the 404 and 405 answers', async () => {
    expect((await sendRaw(`${base}/api/tickets`)).status).toBe(404);
    expect((await sendRaw(`${base}/api/tickets/7/more`)).status).toBe(404);
    const wrongMethod = await sendRaw(`${base}/api/tickets/7`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD');
  });
});

describe('path parameters in the OpenAPI document', () => {
  it('are written as templates and declared in: path, with their schema, and not as query parameters', () => {
    const paths = Object.keys(openapi.document.paths);
    expect(paths).toEqual(['/api/tickets/{id}', '/api/pages/{slug}', '/api/measure/{value}/{flag}']);
    const get = openapi.operation('/api/tickets/{id}');
    expect(get.operationId).toBe('get_api_tickets_id');
    expect(get.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'Ticket number.',
        schema: { type: 'integer', minimum: 1, maximum: 9007199254740991, description: 'Ticket number.' },
      },
      { name: 'verbose', in: 'query', required: false, schema: { type: 'boolean' } },
    ]);
    expect(get.requestBody.required).toBe(false);
    expect(get.requestBody.content['application/json'].schema.required).toBeUndefined();
  });

  it('leave the body required list of other methods', () => {
    const post = openapi.operation('/api/pages/{slug}', 'post');
    expect(post.operationId).toBe('post_api_pages_slug');
    expect(post.parameters).toEqual([{ name: 'slug', in: 'path', required: true, schema: { type: 'string', minLength: 1 } }]);
    expect(post.requestBody.required).toBe(true);
    expect(post.requestBody.content['application/json'].schema).toMatchObject({ required: ['title'], additionalProperties: false });
    // A route whose only inputs are in the path declares no body at all.
    const measureOperation = openapi.operation('/api/measure/{value}/{flag}');
    expect(measureOperation.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`)).toEqual(['path:value', 'path:flag']);
    expect(measureOperation.requestBody).toBeUndefined();
  });

  it("is a valid OpenAPI 3.1 document by the specification's own JSON Schema", async () => {
    const result = await new Validator().validate(structuredClone(openapi.document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('createKitApp with a path parameter its input does not declare', () => {
  it('refuses to build the app, naming the route and the fix', () => {
    expect(() =>
      createKitApp({
        routes: { 'GET /api/users/:user': defineAPI({ input: z.strictObject({ id: z.string() }), handler: async () => ({}) }) },
      }),
    ).toThrow(
      new TypeError(
        'CapabilityRegistry: GET /api/users/:user has the path parameter ":user", which its input schema does not declare; add user to the input, such as input: z.strictObject({ user: z.string() })',
      ),
    );
  });
});
