import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createKitApp, defineAPI, defineMiddleware, KitError, type MiddlewareDefinition } from '@kit/kit-core';
import { scanRoutes, type RouteManifest } from '@kit/kit-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitDevError } from '../errors/kit-dev-error.js';
import { middlewareFilesFor, middlewareOf, scopedMiddleware } from './scoped-middleware.js';

let dir: string;
let manifest: RouteManifest;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kit-scoped-'));
  for (const file of [
    '_middleware.ts',
    'index.page.tsx',
    'admin/_middleware.ts',
    'admin/users/_middleware.ts',
    'admin/users/index.api.ts',
    'admin/not-found.tsx',
    'api/ping.api.ts',
  ]) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), '');
  }
  manifest = await scanRoutes(dir);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A middleware that records its name, outermost first, in the `X-Trail` header. */
const trail = (name: string): MiddlewareDefinition =>
  defineMiddleware({
    name,
    handler: async ({ next }) => {
      const response = await next();
      response.headers.set('X-Trail', `${name}${response.headers.has('X-Trail') ? `,${response.headers.get('X-Trail')}` : ''}`);
      return response;
    },
  });

describe('middlewareFilesFor', () => {
  it('gives the chain of the matched route, of the not-found boundary, or the root file alone', () => {
    expect(middlewareFilesFor('/admin/users', manifest, true)).toEqual([
      '_middleware.ts',
      'admin/_middleware.ts',
      'admin/users/_middleware.ts',
    ]);
    expect(middlewareFilesFor('/admin/nothing', manifest, true)).toEqual(['_middleware.ts', 'admin/_middleware.ts']);
    expect(middlewareFilesFor('/openapi.json', manifest, true)).toEqual(['_middleware.ts']);
    expect(middlewareFilesFor('/openapi.json', manifest, false)).toEqual([]);
  });
});

describe('scopedMiddleware in a kit app', () => {
  const definitions = new Map<string, MiddlewareDefinition>([
    ['_middleware.ts', trail('root')],
    [
      'admin/_middleware.ts',
      defineMiddleware({
        name: 'admin-auth',
        authenticate: async ({ request, ctx }) => {
          if (request.headers.get('x-key') !== 'k') throw new KitError('unauthorized', 'Send X-Key.');
          return { ...ctx, authType: 'human', auth: { subject: 'user:a', method: 'session', permissions: [] } };
        },
        handler: async ({ next }) => next(),
      }),
    ],
    ['admin/users/_middleware.ts', trail('users')],
  ]);
  const app = () =>
    createKitApp({
      routes: {
        'GET /admin/users': defineAPI({ handler: async ({ ctx }) => ({ subject: ctx.auth?.subject ?? null }) }),
        'GET /api/ping': defineAPI({ handler: async ({ ctx }) => ({ subject: ctx.auth?.subject ?? null }) }),
      },
      middleware: [trail('config'), ...scopedMiddleware(manifest, definitions, true)],
    });

  it('runs the chain root first after the config middleware, authentication in its phase, only under its folder', async () => {
    const kit = app();
    const refused = await kit.fetch(new Request('http://localhost/admin/users'));
    expect(refused.status).toBe(401);
    const admitted = await kit.fetch(new Request('http://localhost/admin/users', { headers: { 'x-key': 'k' } }));
    expect(await admitted.json()).toEqual({ subject: 'user:a' });
    expect(admitted.headers.get('x-trail')).toBe('config,root,users');
    const outside = await kit.fetch(new Request('http://localhost/api/ping'));
    expect(await outside.json()).toEqual({ subject: null });
    expect(outside.headers.get('x-trail')).toBe('config,root');
  });

  it('normalizes a bare handler and refuses a file without a middleware default export', () => {
    const bare = middlewareOf('_middleware.ts', {
      default: async function stamp({ next }: { next: () => Promise<Response> }) {
        return next();
      },
    });
    expect(bare.name).toBe('stamp');
    expect(thrownBy(() => middlewareOf('admin/_middleware.ts', { helper: 1 }), KitDevError)).toMatchObject({
      code: 'load_failed',
      message: expect.stringContaining('admin/_middleware.ts: a middleware file must export default'),
    });
  });
});
