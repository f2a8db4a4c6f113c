import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyString,
  asSent,
  checkEchoBound,
  checkJsonBodyAnswer,
  checkShape,
  jsonBodyEntries,
  jsonObjectText,
  percentEncode,
  shortened,
} from '../../../../test-support/edge-properties.js';
import { sendRaw, type RawResponse } from '../../../../test-support/http.js';
import { serverForSuite } from './support.js';

const endpoints = ['/api/docs', '/api/search', '/api/examples', '/api/health'] as const;
const knownFields = ['q', 'limit', 'topic', 'slug', 'section'];

/** Strings that have broken parsers before: regex syntax, markup, quotes, control and astral characters. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '(a+)+$',
    '.*'.repeat(30),
    '[',
    '\\',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    '\u0000',
    '\u202e',
    '🦀'.repeat(50),
    '%s%n',
    '../../etc/passwd',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 600 }).map((text) => text.padEnd(501, 'x')),
  fc.integer().map(String),
  fc.constantFrom('', ' ', '5.5', '1e1', '-1', '0', '51', '9'.repeat(30), 'NaN', 'true'),
);

/** A query string: known and unknown fields, repeated fields, raw percent-escapes (some of them invalid UTF-8). */
const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...knownFields), fc.string({ maxLength: 10 })), hostileString), { maxLength: 5 })
  .chain((pairs) =>
    fc
      .constantFrom('', '&%FF%FE=%C3%28', '&q=%E0%80%AF', '&%=%', '&q', '&q=a&q=b')
      .map((raw) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&') + raw),
  );

function nested(depth: number): string {
  return '{"q":'.repeat(depth) + '"x"' + '}'.repeat(depth);
}

/** A JSON body of any shape: objects with wrong types and unknown fields, arrays, scalars, deep nesting, huge, broken, not UTF-8. */
const body = fc.oneof(
  fc
    .record(
      { q: fc.oneof(hostileString, fc.jsonValue()), limit: fc.oneof(fc.integer(), fc.double(), hostileString, fc.jsonValue()) },
      { requiredKeys: [] },
    )
    .map((value) => Buffer.from(JSON.stringify(value))),
  fc
    .dictionary(fc.oneof(fc.constantFrom(...knownFields), fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })
    .map((value) => Buffer.from(JSON.stringify(value))),
  fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
  fc
    .constantFrom(nested(10), nested(5_000), '{"q":', '{"q":"\\ud800"}', '[]', 'null', '{"__proto__":{"q":"x"}}')
    .map((text) => Buffer.from(text)),
  fc.constant(Buffer.from(JSON.stringify({ q: 'x'.repeat(70 * 1024) }))),
  fc.constant(Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
);

/** Bodies print as their size and first bytes, so a failure report stays readable. */
const shownBody = body.map((bytes) =>
  Object.assign(bytes, { [fc.toStringMethod]: () => `<${bytes.length} bytes: ${bytes.subarray(0, 60).toString('latin1')}…>` }),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/problem+json',
);

function expectWellFormed(response: RawResponse): void {
  expect(response.status, response.text.slice(0, 300)).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = response.json() as { status: number; type: string; detail: string };
    expect(problem.status).toBe(response.status);
    expect(problem.type).toMatch(/^\/problems\//);
    expect(problem.detail.length).toBeLessThanOrEqual(400);
  } else if (response.status === 200) {
    expect(() => response.json()).not.toThrow();
  }
}

describe('fuzz: every endpoint answers 200 or a 4xx problem, never a 5xx', () => {
  const server = serverForSuite();

  it.each(endpoints)('%s with any query string', async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        expectWellFormed(await sendRaw(`${server.base}${endpoint}?${query}`));
      }),
      { numRuns: 120, interruptAfterTimeLimit: 20_000 },
    );
  });

  it.each(endpoints)('%s with any JSON body on GET', async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(shownBody, contentType, queryString, async (payload, type, query) => {
        expectWellFormed(await sendRaw(`${server.base}${endpoint}?${query}`, { body: payload, headers: { 'content-type': type } }));
      }),
      { numRuns: 120, interruptAfterTimeLimit: 20_000 },
    );
  });

  it.each(endpoints)('%s with other methods and odd headers', async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        fc.constantFrom('*', 'W/"x"', '"', 'garbage, W/"y"'),
        async (method, ifNoneMatch) => {
          const response = await sendRaw(`${server.base}${endpoint}`, {
            method,
            headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br;q=0, gzip' },
          });
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40, interruptAfterTimeLimit: 10_000 },
    );
  });

  it('pages, Markdown views and /mcp never answer 5xx either', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, fc.jsonValue({ maxDepth: 3 }), async (slug, message) => {
        const page = await sendRaw(`${server.base}/docs/${encodeURIComponent(slug)}`);
        expect(page.status).toBeLessThan(500);
        // The HTML 404 page repeats at most 60 characters of the name asked for.
        if (page.status === 404) expect(page.text.includes(slug.slice(0, 61)) && slug.length > 60).toBe(false);
        const markdown = await sendRaw(`${server.base}/docs/${encodeURIComponent(slug)}.md`);
        expect(markdown.status).toBeLessThan(500);
        const mcp = await sendRaw(`${server.base}/mcp`, {
          method: 'POST',
          body: JSON.stringify(message) ?? 'null',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        });
        expect(mcp.status).toBeLessThan(500);
      }),
      { numRuns: 60, interruptAfterTimeLimit: 20_000 },
    );
  });

  const fieldsOf: Record<(typeof endpoints)[number], readonly string[]> = {
    '/api/docs': ['slug', 'section'],
    '/api/search': ['q', 'topic', 'limit'],
    '/api/examples': ['topic', 'limit'],
    '/api/health': [],
  };
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  it.each(endpoints)(
    '%s with names and values from the whole string space in the query string: unknown names refused by name, nothing echoed past 200 characters',
    async (endpoint) => {
      const fields = fieldsOf[endpoint];
      const anyName = anyString(fields.length > 0 ? fields : ['q']);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(anyName, anyName), { minLength: 1, maxLength: 4 }), async (pairs) => {
          const sent = pairs.map(([name, value]) => [asSent(name), asSent(value)] as const);
          const response = await sendRaw(
            `${server.base}${endpoint}?${sent.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&')}`,
          );
          const problem = checkShape(response, [200, 400, 404, 431]);
          const names = sent.map(([name]) => name);
          const unknown = names.filter((name) => !fields.includes(name));
          if (unknown.length > 0) expect([400, 431]).toContain(response.status);
          if (problem) {
            checkEchoBound(problem, sent.flat());
            if (response.status === 400 && new Set(names).size === names.length && !names.includes('limit')) {
              for (const name of unknown) expect(problem.errors?.map((issue) => issue.field)).toContain(shortened(name));
            }
          }
        }),
        { numRuns: 60, interruptAfterTimeLimit: 20_000 },
      );
    },
  );

  it.each(endpoints)(
    '%s with keys from the whole string space in a JSON body: unknown keys refused by name, never as a conflict, nothing echoed past 200 characters',
    async (endpoint) => {
      const fields = fieldsOf[endpoint];
      const anyName = anyString(fields.length > 0 ? fields : ['q']);
      await fc.assert(
        fc.asyncProperty(jsonBodyEntries(anyName), async (entries) => {
          const response = await sendRaw(`${server.base}${endpoint}`, {
            body: jsonObjectText(entries),
            headers: { 'content-type': 'application/json' },
          });
          checkJsonBodyAnswer(response, entries, fields, [200, 400, 404]);
        }),
        { numRuns: 60, interruptAfterTimeLimit: 20_000 },
      );
    },
  );

  it('a generated body whose escaped keys pass the limit is a 413 problem, as the property expects', async () => {
    // A counterexample fast-check found: 12,000 NUL characters escape to 72,000 bytes of JSON.
    const entries: [string, fc.JsonValue][] = [['\u0000'.repeat(12_000), [null, false, -1.5]]];
    const response = await sendRaw(`${server.base}/api/examples`, {
      body: jsonObjectText(entries),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    checkJsonBodyAnswer(response, entries, fieldsOf['/api/examples'], [200, 400, 404]);
  });

  it('leaves Object.prototype as it was after every request above', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  });

  it('a body over the limit is a 413, and the server stays healthy after all of it', async () => {
    const huge = await sendRaw(`${server.base}/api/search`, {
      body: Buffer.alloc(2 * 1024 * 1024, 0x20),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    const health = await sendRaw(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.json().status).toBe('ok');
    const search = await sendRaw(`${server.base}/api/search?q=createKitApp`);
    expect(search.status).toBe(200);
  });
});
