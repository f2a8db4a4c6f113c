/**
 * Routes that answer with Server-Sent Events: the handler's checks come first as problem documents,
 * events go out as they are made, a reconnecting client resumes after `Last-Event-ID`, a client that
 * leaves stops the producer, and such a route is in the OpenAPI document as `text/event-stream`.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAPI } from '../definitions/define-api.js';
import { KitError } from '../errors/kit-error.js';
import { createKitApp } from './create-kit-app.js';
import type { KitServer } from './kit-app.js';

const feeds = new Map([['news', ['first', 'second', 'third']]]);
const stopped: string[] = [];
let release: (() => void) | undefined;

const routes = {
  'GET /api/feeds/:name/events': defineAPI({
    description: 'Follows a feed.',
    input: z.strictObject({ name: z.string() }),
    handler: async ({ input }) => {
      const items = feeds.get(input.name);
      if (!items) throw new KitError('not_found', `No feed "${input.name}".`);
      return { name: input.name, items };
    },
    response: {
      kind: 'event-stream',
      events: async function* ({ items }, { lastEventId }) {
        const from = lastEventId === undefined ? 0 : Number(lastEventId) + 1;
        for (let index = from; index < items.length; index++) yield { id: String(index), event: 'item', data: { text: items[index] } };
      },
    },
  }),
  'GET /api/slow/events': defineAPI({
    response: {
      kind: 'event-stream',
      heartbeatMs: 40,
      events: async function* (_output, { signal }) {
        try {
          yield { data: 'started' };
          await new Promise<void>((resolve) => {
            release = resolve;
            signal.addEventListener('abort', () => resolve(), { once: true });
          });
          if (signal.aborted) return;
          yield { data: 'late' };
        } finally {
          stopped.push(signal.aborted ? 'aborted' : 'ended');
        }
      },
    },
    handler: async () => ({}),
  }),
  'GET /api/broken/events': defineAPI({
    response: {
      kind: 'event-stream',
      events: async function* () {
        yield { id: '1', data: { ok: true } };
        throw new KitError('conflict', 'The feed was deleted.');
      },
    },
    handler: async () => ({}),
  }),
};

let server: KitServer;
let base = '';
beforeAll(async () => {
  const app = createKitApp({ routes });
  server = await app.listen({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

describe('event-stream routes', () => {
  it('streams the events of the output, with the stream headers', async () => {
    const response = await fetch(`${base}/api/feeds/news/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
    expect(await response.text()).toBe(
      'id: 0\nevent: item\ndata: {"text":"first"}\n\nid: 1\nevent: item\ndata: {"text":"second"}\n\nid: 2\nevent: item\ndata: {"text":"third"}\n\n',
    );
  });

  it('goes on after Last-Event-ID for a client that reconnects', async () => {
    const response = await fetch(`${base}/api/feeds/news/events`, { headers: { 'Last-Event-ID': '1' } });
    expect(await response.text()).toBe('id: 2\nevent: item\ndata: {"text":"third"}\n\n');
  });

  it('answers the handler’s refusal as a problem document before any event', async () => {
    const response = await fetch(`${base}/api/feeds/sports/events`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await response.json()).detail).toBe('No feed "sports".');
  });

  it('ends with an error event holding the problem when the producer fails part way', async () => {
    const text = await (await fetch(`${base}/api/broken/events`)).text();
    const [first, second] = text.split('\n\n');
    expect(first).toBe('id: 1\ndata: {"ok":true}');
    expect(second).toMatch(/^event: error\ndata: /);
    expect(JSON.parse(second!.split('data: ')[1]!)).toMatchObject({ status: 409, detail: 'The feed was deleted.' });
  });

  it('keeps a silent stream open with comment lines, and stops the producer when the client leaves', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(`${base}/api/slow/events`, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes(': keep-alive')) {
            request.destroy();
            resolve(text);
          }
        });
      });
      request.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      request.end();
    });
    expect(received).toContain('data: "started"\n\n');
    await expect.poll(() => stopped, { timeout: 5000 }).toContain('aborted');
    release?.();
  });

  it('is an event stream in the OpenAPI document, with Last-Event-ID, and is offered to no agent as a tool', () => {
    const app = createKitApp({ routes });
    const operation = (app.openapi().paths['/api/feeds/{name}/events'] as Record<string, Record<string, unknown>>).get!;
    expect(Object.keys((operation.responses as Record<string, { content?: object }>)['200']!.content!)).toEqual(['text/event-stream']);
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'Last-Event-ID', in: 'header' }));
  });
});
