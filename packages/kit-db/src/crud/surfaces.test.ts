import { createKitApp, definePolicy, type KitServer } from '@kit/kit-core';
import { createMcpServer } from '@kit/kit-agent';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { createTables } from '../database/create-tables.js';
import type { KitDatabase } from '../database/types.js';
import { KitDbError } from '../errors/kit-db-error.js';
import { datetime, enumField, id, json, string, vector } from '../model/field.js';
import { defineModel, type Model } from '../model/define-model.js';
import { belongsTo } from '../model/relation.js';
import { stopTestProviders, testProviders } from '../testing/providers.js';
import { generateCrudRoutes, type CrudRoutesOptions } from './generate-crud-routes.js';

const project = defineModel('project', { id: id(), name: string() });
const ticket = defineModel('ticket', {
  id: id(),
  title: string({ maxLength: 80 }),
  status: enumField(['open', 'closed']).default('open'),
  openedAt: datetime(),
  meta: json().optional(),
  embedding: vector({ dimensions: 3 }).optional(),
  project: belongsTo('project'),
});

let db: KitDatabase;
let server: KitServer;
let client: Client;
let base: string;

const noAgentDeletes = definePolicy({
  key: 'no-agent-deletes',
  title: 'Agents may not delete',
  effect: 'deny',
  check: async ({ ctx }) => ({ applies: ctx.request.headers.get('x-agent') === 'yes', reason: 'agents may not delete' }),
});

beforeAll(async () => {
  db = await testProviders[0]!.open([project, ticket]);
  await createTables(db);
  const app = createKitApp({
    info: { title: 'Tickets', version: '1.0.0' },
    policies: [noAgentDeletes],
    routes: {
      ...generateCrudRoutes(project, { db, only: ['create', 'delete'], policy: 'no-agent-deletes' }),
      ...generateCrudRoutes(ticket, { db }),
    },
  });
  const mcp = createMcpServer({ registry: app.registry, name: 'tickets', version: '1.0.0' });
  app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request) => mcp.handleHttp(request));
  server = await app.listen({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
  client = new Client({ name: 'crud-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await stopTestProviders();
});

describe('generated routes in OpenAPI', () => {
  it('appear as operations with schemas derived from the model', async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(Object.keys(document.paths).sort()).toEqual(['/api/projects', '/api/projects/{id}', '/api/tickets', '/api/tickets/{id}']);
    expect(Object.keys(document.paths['/api/tickets']!)).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/tickets/{id}']!)).toEqual(['get', 'patch', 'delete']);
    expect(Object.keys(document.paths['/api/projects']!)).toEqual(['post']);
    const create = document.paths['/api/tickets']!.post!;
    expect(create).toMatchObject({
      operationId: 'post_api_tickets',
      'x-kit-capability': 'write',
      summary: 'Creates a ticket and returns it as stored, with its new id',
    });
    const body = (create.requestBody as { content: { 'application/json': { schema: Record<string, unknown> } } }).content[
      'application/json'
    ].schema;
    expect(body).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['title', 'openedAt', 'projectId'],
      properties: {
        title: { type: 'string', maxLength: 80 },
        status: { type: 'string', enum: ['open', 'closed'] },
        openedAt: { type: 'string', format: 'date-time' },
        embedding: { anyOf: [{ type: 'array', items: { type: 'number' }, minItems: 3, maxItems: 3 }, { type: 'null' }] },
        projectId: { type: 'string', description: 'Id of the project this ticket belongs to.' },
      },
    });
    expect(Object.keys(body.properties as object)).not.toContain('id');
    const list = document.paths['/api/tickets']!.get!;
    const parameters = (list.parameters as { name: string; schema: Record<string, unknown> }[]).map((parameter) => parameter.name);
    expect(parameters).toEqual(['limit', 'offset', 'cursor', 'orderBy', 'order', 'id', 'title', 'status', 'openedAt', 'projectId']);
    expect((list.parameters as { name: string; schema: Record<string, unknown> }[])[0]!.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
    });
    const listOutput = (list.responses as Record<string, { content: { 'application/json': { schema: Record<string, unknown> } } }>)['200']!
      .content['application/json'].schema;
    expect(listOutput).toMatchObject({
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array' }, nextCursor: { type: 'string' }, total: { type: 'integer' } },
    });
    const remove = document.paths['/api/projects/{id}']!.delete!;
    expect(remove.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(Object.keys(remove.responses as object)).toContain('403');
  });

  it('carry descriptions written from the model', () => {
    const routes = generateCrudRoutes(ticket, { db });
    expect(routes['GET /api/tickets']!.description).toBe(
      'Lists ticket records, 20 per page by default (limit up to 100), ordered by id unless orderBy and order say otherwise. Filter by equality on id, title, status, openedAt and projectId (status=open). Returns { items, nextCursor }: pass nextCursor as cursor to read the next page; with offset instead, returns { items, total }. Fields: id, title, status (open, closed), openedAt, meta, embedding, projectId (id of a project).',
    );
    expect(routes['POST /api/tickets']!.description).toBe(
      'Creates a ticket and returns it as stored, with its new id. Required: title, openedAt and projectId (id of a project). Optional: status (open, closed), meta and embedding.',
    );
    expect(routes['DELETE /api/tickets/:id']!).toMatchObject({
      capability: 'write',
      resource: 'tickets',
      description:
        'Deletes the ticket with this id and returns { id, deleted: true }; 404 when there is none. List them with GET /api/tickets.',
    });
    expect(routes['GET /api/tickets/:id']!).toMatchObject({ capability: 'read', resource: 'tickets' });
  });
});

describe('generated routes over MCP', () => {
  it('are listed as tools with the same schemas and hints', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'post_api_projects',
      'delete_api_projects_id',
      'get_api_tickets',
      'get_api_tickets_id',
      'post_api_tickets',
      'patch_api_tickets_id',
      'delete_api_tickets_id',
    ]);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('get_api_tickets')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('delete_api_tickets_id')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(byName.get('post_api_tickets')!.inputSchema).toMatchObject({ type: 'object', required: ['title', 'openedAt', 'projectId'] });
    expect(byName.get('patch_api_tickets_id')!.inputSchema).toMatchObject({ type: 'object', required: ['id'] });
    expect(byName.get('get_api_tickets_id')!.outputSchema).toMatchObject({
      type: 'object',
      required: ['id', 'title', 'status', 'openedAt', 'meta', 'embedding', 'projectId'],
    });
  });

  it('create, read and list records, with problems as tool errors', async () => {
    const created = await client.callTool({ name: 'post_api_projects', arguments: { name: 'Agents' } });
    const projectId = (created.structuredContent as { id: string }).id;
    const ticketCall = await client.callTool({
      name: 'post_api_tickets',
      arguments: { title: 'From an agent', openedAt: '2026-11-23T12:00:00.000Z', embedding: [1, 0, 0], projectId },
    });
    expect(ticketCall.isError).toBeFalsy();
    const stored = ticketCall.structuredContent as { id: string };
    const read = await client.callTool({ name: 'get_api_tickets_id', arguments: { id: stored.id } });
    expect(read.structuredContent).toEqual({
      id: stored.id,
      title: 'From an agent',
      status: 'open',
      openedAt: '2026-11-23T12:00:00.000Z',
      meta: null,
      embedding: [1, 0, 0],
      projectId,
    });
    const listed = await client.callTool({ name: 'get_api_tickets', arguments: { projectId } });
    expect((listed.structuredContent as { items: unknown[] }).items).toEqual([read.structuredContent]);
    const missing = await client.callTool({ name: 'get_api_tickets_id', arguments: { id: 'nope' } });
    expect(missing.isError).toBe(true);
    expect(JSON.parse((missing.content as { text: string }[])[0]!.text)).toMatchObject({
      status: 404,
      detail: 'No ticket with id "nope"; list them with GET /api/tickets (the get_api_tickets tool over MCP).',
    });
  });
});

describe('generateCrudRoutes options', () => {
  it('puts the routes under basePath and generates only the operations asked for', () => {
    const routes = generateCrudRoutes(ticket, { db, basePath: '/v2/support/tickets', only: ['list', 'get'] });
    expect(Object.keys(routes)).toEqual(['GET /v2/support/tickets', 'GET /v2/support/tickets/:id']);
    expect(routes['GET /v2/support/tickets']!.resource).toBe('tickets');
  });

  it('guards every generated route with the policy', async () => {
    const response = await fetch(`${base}/api/projects/anything`, { method: 'DELETE', headers: { 'X-Agent': 'yes' } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      'Policy "no-agent-deletes" denies this call: agents may not delete.',
    );
  });

  it('refuses options it cannot honour, naming the fix', () => {
    const cases: [unknown, CrudRoutesOptions, RegExp][] = [
      [ticket, { basePath: 'api/tickets' }, /basePath must be a path such as "\/api\/tickets".*got "api\/tickets"/],
      [ticket, { basePath: '/api/tickets/' }, /no trailing slash/],
      [ticket, { basePath: '/api/:tenant/tickets' }, /got "\/api\/:tenant\/tickets"/],
      [ticket, { only: [] }, /only must list some of list, get, create, update, delete, got \[\]/],
      [ticket, { only: ['list', 'purge' as 'list'] }, /got \["list","purge"\]/],
      [{ name: 'ticket' }, {}, /first argument must be a model made by defineModel/],
    ];
    for (const [model, options, message] of cases) {
      const error = thrownBy(() => generateCrudRoutes(model as Model, options), KitDbError);
      expect(error.code).toBe('invalid_config');
      expect(error.message).toMatch(message);
    }
    const keyed = defineModel('odd', { key: id(), id: string() });
    expect(thrownBy(() => generateCrudRoutes(keyed), KitDbError).message).toBe(
      'generateCrudRoutes(odd): the routes take the record\'s id as "id", but model "odd" has another column named id; rename that column.',
    );
  });

  it('names routes by the plural of the model name in kebab-case', () => {
    const entry = defineModel('categoryEntry', { id: id(), name: string() });
    expect(Object.keys(generateCrudRoutes(entry, { db }))).toEqual([
      'GET /api/category-entries',
      'GET /api/category-entries/:id',
      'POST /api/category-entries',
      'PATCH /api/category-entries/:id',
      'DELETE /api/category-entries/:id',
    ]);
  });
});
