import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CapabilityRegistry } from './capability-registry.js';
import { openApiPath, pathParameterNames } from './path-params.js';
import { defineAPI } from '../definitions/define-api.js';

const declared = new Set(['id', 'slug', 'n']);

describe('pathParameterNames', () => {
  it('lists the :name segments in path order, patterns and static segments aside', () => {
    expect(pathParameterNames('GET /a', '/api/tickets', declared)).toEqual([]);
    expect(pathParameterNames('GET /a', '/api/tickets/:id', declared)).toEqual(['id']);
    expect(pathParameterNames('GET /a', '/api/:slug/items/:n{[0-9]+}', declared)).toEqual(['slug', 'n']);
  });

  it('refuses a parameter the input does not declare, naming the route and the fix', () => {
    expect(() => pathParameterNames('GET /api/users/:user', '/api/users/:user', declared)).toThrow(
      new TypeError(
        'CapabilityRegistry: GET /api/users/:user has the path parameter ":user", which its input schema does not declare; add user to the input, such as input: z.strictObject({ user: z.string() })',
      ),
    );
  });

  it('refuses optional and repeated parameters, which an OpenAPI path template cannot express', () => {
    expect(() => pathParameterNames('GET /x', '/api/tickets/:id?', declared)).toThrow(
      /optional path parameter ":id\?"; register one route with ":id" and one without it/,
    );
    expect(() => pathParameterNames('GET /x', '/api/:id/copy/:id', declared)).toThrow(/names the path parameter ":id" twice/);
  });
});

describe('openApiPath', () => {
  it('writes each :name segment as an {name} template', () => {
    expect(openApiPath('/api/tickets/:id')).toBe('/api/tickets/{id}');
    expect(openApiPath('/api/:slug/items/:n{[0-9]+}')).toBe('/api/{slug}/items/{n}');
    expect(openApiPath('/api/health')).toBe('/api/health');
  });
});

describe('CapabilityRegistry path parameters', () => {
  it('records the path parameters of a route and keeps the operation id', () => {
    const registry = new CapabilityRegistry();
    const route = registry.register(
      'GET',
      '/api/tickets/:id',
      defineAPI({ input: z.strictObject({ id: z.number().int() }), handler: async ({ input }) => input }),
    );
    expect(route.pathParameters).toEqual(['id']);
    expect(route.operationId).toBe('get_api_tickets_id');
  });

  it('refuses a route whose input (or lack of one) does not declare its path parameter', () => {
    const registry = new CapabilityRegistry();
    expect(() => registry.register('GET', '/api/tickets/:id', defineAPI({ handler: async () => ({}) }))).toThrow(
      /GET \/api\/tickets\/:id has the path parameter ":id", which its input schema does not declare/,
    );
    expect(() =>
      registry.register('GET', '/api/tickets/:id', defineAPI({ input: z.strictObject({ ticket: z.string() }), handler: async () => ({}) })),
    ).toThrow(TypeError);
    expect(registry.routes).toEqual([]);
  });
});
