/**
 * Contract tests of the HTTP interface: every endpoint, rule and error case of the specification
 * and the decisions, over real HTTP on loopback. Every JSON response is validated against the
 * OpenAPI document the server itself serves, whose schemas forbid properties the specification
 * does not list.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw, type RawResponse } from '../../../../test-support/http.js';
import { OpenApiValidator, requestChecker } from '../support/openapi-validator.js';
import { startService, type RunningService } from '../support/start-service.js';

let running: RunningService;
let openapi: OpenApiValidator;

beforeAll(async () => {
  running = await startService();
  const response = await sendRaw(`${running.baseUrl}/openapi.json`);
  openapi = new OpenApiValidator(response.json());
});
afterAll(() => running?.stop());

interface Answer {
  readonly status: number;
  readonly headers: RawResponse['headers'];
  readonly body: any;
  readonly text: string;
}

/**
 * One request; `query` goes in the query string, `json` in a JSON body on the GET. The response is
 * checked against the served OpenAPI document before the test sees it.
 */
async function call(
  path: string,
  options: { query?: Record<string, string>; json?: unknown; method?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer> {
  const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const body = options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  const headers = { ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers };
  const response = await sendRaw(`${running.baseUrl}${path}${search}`, {
    method: options.method ?? 'GET',
    ...(body === undefined ? {} : { body }),
    headers,
  });
  const contentType = String(response.headers['content-type'] ?? '');
  const parsed = contentType.includes('json') && response.text ? response.json() : undefined;
  if (parsed !== undefined && openapi.document.paths[path] && response.status !== 405) {
    expect(openapi.check(path, response.status, contentType, parsed), `${path} ${response.status} conforms to /openapi.json`).toEqual([]);
  }
  if (response.status >= 400) {
    expect(contentType).toContain('application/problem+json');
    expect(response.text).not.toMatch(/\n\s+at |\/work\/|node_modules|\.ts:\d/);
  }
  return { status: response.status, headers: response.headers, body: parsed, text: response.text };
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1.0, version 0.1.0, with the four operation ids', () => {
    expect(openapi.document.openapi).toBe('3.1.0');
    expect(openapi.document.info.version).toBe('0.1.0');
    expect(['/api/docs', '/api/examples', '/api/health', '/api/search'].map((path) => openapi.operation(path).operationId)).toEqual([
      'get_api_docs',
      'get_api_examples',
      'get_api_health',
      'get_api_search',
    ]);
  });

  it("is a valid OpenAPI 3.1 document by the specification's own JSON Schema", async () => {
    const result = await new Validator().validate(structuredClone(openapi.document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('declares each parameter both as a JSON request body and as a query parameter', () => {
    for (const [path, fields] of [
      ['/api/docs', ['slug', 'section', 'library', 'version', 'tokens']],
      ['/api/examples', ['topic', 'limit', 'library', 'version', 'tokens']],
      ['/api/search', ['q', 'topic', 'limit', 'library', 'version', 'tokens']],
      ['/api/libraries', ['name']],
    ] as const) {
      const operation = openapi.operation(path);
      const body = operation.requestBody.content['application/json'].schema;
      expect(Object.keys(body.properties)).toEqual(fields);
      expect(body.additionalProperties).toBe(false);
      expect(operation.parameters.map((p: any) => `${p.in}:${p.name}`)).toEqual(fields.map((f) => `query:${f}`));
    }
    expect(openapi.operation('/api/search').requestBody.content['application/json'].schema).toMatchObject({
      required: ['q'],
      properties: { q: { minLength: 1, maxLength: 500 }, limit: { minimum: 1, maximum: 50, default: 10 } },
    });
    expect(openapi.operation('/api/examples').requestBody.content['application/json'].schema).toMatchObject({
      required: ['topic'],
      properties: { limit: { minimum: 1, maximum: 20, default: 5 } },
    });
  });

  it('requires no query parameter, since the body may carry it, and says where a required one may go', () => {
    for (const path of ['/api/docs', '/api/examples', '/api/search']) {
      const operation = openapi.operation(path);
      expect(
        operation.parameters.every((p: any) => p.required === false),
        path,
      ).toBe(true);
      expect(operation.requestBody.required, path).toBe(false);
    }
    const q = openapi.operation('/api/search').parameters.find((p: any) => p.name === 'q');
    expect(q.description).toMatch(/Required: send it in the query string or in the JSON body\.$/);
    const topic = openapi.operation('/api/examples').parameters.find((p: any) => p.name === 'topic');
    expect(topic.description).toMatch(/Required: send it in the query string or in the JSON body\.$/);
  });

  it('lets a client that sends the body alone, or the query string alone, conform and get a 200', async () => {
    const conforms = requestChecker(openapi);
    for (const [path, fields] of [
      ['/api/search', { q: 'agent' }],
      ['/api/examples', { topic: 'defineAPI' }],
      ['/api/docs', { slug: 'database' }],
    ] as const) {
      expect(conforms(path, { body: fields }), `${path} body only`).toEqual([]);
      expect((await call(path, { json: fields })).status, `${path} body only`).toBe(200);
      expect(conforms(path, { query: fields }), `${path} query only`).toEqual([]);
      expect((await call(path, { query: fields })).status, `${path} query only`).toBe(200);
    }
    expect(conforms('/api/search', { body: { q: 'agent', limit: 3 } })).toEqual([]);
    expect(conforms('/api/search', { body: { q: 'agent', colour: 'red' } })).not.toEqual([]);
  });

  it('forbids unlisted properties in every response object', () => {
    const schemas = JSON.stringify(
      ['/api/docs', '/api/examples', '/api/health', '/api/search'].map((p) => openapi.operation(p).responses['200']),
    );
    const objects = schemas.match(/"type":"object"/g)?.length ?? 0;
    const closed = schemas.match(/"additionalProperties":false/g)?.length ?? 0;
    expect(objects).toBeGreaterThan(0);
    expect(closed).toBe(objects);
  });
});

describe('GET /api/docs', () => {
  it('lists every document with its summary and navigation group, in navigation order', async () => {
    const { status, body } = await call('/api/docs');
    expect(status).toBe(200);
    expect(body.total).toBe(body.documents.length);
    expect(body.documents.map((d: any) => d.slug)).toEqual(running.content.documents.map((d) => d.slug));
    for (const slug of ['getting-started', 'core-concepts', 'database']) expect(body.documents.map((d: any) => d.slug)).toContain(slug);
    const first = running.content.documents[0]!;
    expect(body.documents[0]).toEqual({
      slug: first.slug,
      title: first.title,
      section: first.group,
      url: `/docs/${first.slug}`,
      topics: [...first.topics],
      content: first.summary,
    });
    const groups = body.documents.map((d: any) => d.section);
    expect(groups.filter((g: string, i: number) => g !== groups[i - 1])).toEqual(
      running.content.site.groups.filter((g) => groups.includes(g)),
    );
  });

  it('returns a whole document as one entry per section, in order, together the whole document', async () => {
    const { body } = await call('/api/docs', { query: { slug: 'database' } });
    const document = running.content.documents.find((d) => d.slug === 'database')!;
    expect(body.total).toBe(document.sections.length);
    expect(body.documents.map((d: any) => d.section)).toEqual(document.sections.map((s) => s.heading));
    for (const entry of body.documents) {
      expect(entry.slug).toBe('database');
      expect(entry.title).toBe(document.title);
      expect(entry.url).toMatch(/^\/docs\/database#[a-z0-9-_]+$/);
      expect(document.markdown).toContain(entry.content.split('\n')[0]);
    }
    const words = (text: string) =>
      text
        .replace(/<!--.*?-->/g, '')
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    const joined = words(
      body.documents.flatMap((d: any) => [d.section === 'Overview' && d.url.endsWith('#overview') ? '' : d.section, d.content]).join(' '),
    );
    expect(joined).toEqual(words(document.markdown).filter((w) => !/^#+$/.test(w)));
  });

  it('gives the Overview its own anchor', async () => {
    const withOverview = running.content.documents.find((d) => d.sections[0]?.heading === 'Overview')!;
    const { body } = await call('/api/docs', { query: { slug: withOverview.slug } });
    expect(body.documents[0].url).toBe(`/docs/${withOverview.slug}#overview`);
  });

  it('returns one section, matched by heading, anchor or prefix, regardless of case and punctuation', async () => {
    const byHeading = await call('/api/docs', { query: { slug: 'core-concepts', section: 'defineAPI' } });
    expect(byHeading.status).toBe(200);
    expect(byHeading.body.documents[0].section).toBe('defineAPI');
    const byLoose = await call('/api/docs', { query: { slug: 'core-concepts', section: 'file based routing' } });
    expect(byLoose.body.documents[0].section).toBe('File-Based Routing');
    const byAnchor = await call('/api/docs', { query: { slug: 'core-concepts', section: 'file-based-routing' } });
    expect(byAnchor.body.documents[0].url).toBe('/docs/core-concepts#file-based-routing');
    const byPrefix = await call('/api/docs', { query: { slug: 'core-concepts', section: 'File-Based' } });
    expect(byPrefix.body.documents[0].section).toBe('File-Based Routing');
  });

  it('follows a ## section with its ### subsections', async () => {
    const document = running.content.documents.find((d) => d.sections.some((s) => s.level === 3))!;
    const parent = document.sections.find((s) => s.level === 2 && document.sections.some((c) => c.parentAnchor === s.anchor))!;
    const children = document.sections.filter((s) => s.parentAnchor === parent.anchor);
    const { body } = await call('/api/docs', { query: { slug: document.slug, section: parent.heading } });
    expect(body.documents.map((d: any) => d.section)).toEqual([parent.heading, ...children.map((c) => c.heading)]);
    expect(body.total).toBe(children.length + 1);
  });

  it('accepts the same parameters as a JSON body on GET', async () => {
    const viaQuery = await call('/api/docs', { query: { slug: 'core-concepts', section: 'defineAPI' } });
    const viaBody = await call('/api/docs', { json: { slug: 'core-concepts', section: 'defineAPI' } });
    expect(viaBody.body).toEqual(viaQuery.body);
    const both = await call('/api/docs', { query: { slug: 'core-concepts' }, json: { slug: 'core-concepts', section: 'defineAPI' } });
    expect(both.status).toBe(200);
  });

  it('rejects section without slug (400), an unknown slug (404) and an unknown section (404), with suggestions', async () => {
    const noSlug = await call('/api/docs', { query: { section: 'defineAPI' } });
    expect(noSlug.status).toBe(400);
    expect(noSlug.body.errors).toEqual([{ field: 'section', message: expect.stringContaining('requires slug') }]);
    const unknown = await call('/api/docs', { query: { slug: 'databse' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.suggestions).toContain('database');
    expect(unknown.body.detail).toContain('databse');
    const noSection = await call('/api/docs', { query: { slug: 'core-concepts', section: 'defineAPY' } });
    expect(noSection.status).toBe(404);
    expect(noSection.body.suggestions).toContain('defineAPI');
  });

  it('rejects conflicting, unknown, empty and mistyped parameters by name', async () => {
    expect((await call('/api/docs', { query: { slug: 'database' }, json: { slug: 'routing' } })).body.errors[0].field).toBe('slug');
    expect((await call('/api/docs', { query: { slugg: 'database' } })).body.errors).toEqual([
      { field: 'slugg', message: expect.stringContaining('not a known field') },
    ]);
    expect((await call('/api/docs', { query: { slug: '' } })).status).toBe(400);
    expect((await call('/api/docs', { json: { slug: 42 } })).body.errors[0].field).toBe('slug');
  });
});

describe('GET /api/examples', () => {
  const specTopics = [
    'defineAPI',
    'defineModel',
    'authentication',
    'routing',
    'deployment',
    'policy',
    'ai-toolkit',
    'database',
    'loader',
    'middleware',
  ];

  it('returns at most limit working examples for each topic the specification names (default 5)', async () => {
    for (const topic of specTopics) {
      const { status, body } = await call('/api/examples', { query: { topic } });
      expect(status, topic).toBe(200);
      expect(body.topic).toBe(topic);
      expect(body.examples.length).toBeGreaterThan(0);
      expect(body.examples.length).toBeLessThanOrEqual(5);
      expect(body.total).toBe(body.examples.length);
      for (const example of body.examples) {
        expect(['typescript', 'tsx', 'bash', 'json']).toContain(example.language);
        expect(example.code.length).toBeGreaterThan(20);
        expect(example.code).not.toMatch(/^(\/\/|#) ---$/m);
      }
    }
  });

  it('honours limit from 1 to 20 and matches topics without case', async () => {
    expect((await call('/api/examples', { query: { topic: 'defineapi', limit: '1' } })).body).toMatchObject({
      topic: 'defineAPI',
      total: 1,
    });
    const many = await call('/api/examples', { json: { topic: 'defineAPI', limit: 20 } });
    expect(many.body.total).toBeLessThanOrEqual(20);
    for (const limit of ['0', '21', '5.5', 'abc', '', '1e1']) {
      const response = await call('/api/examples', { query: { topic: 'defineAPI', limit } });
      expect(response.status, limit).toBe(400);
      expect(response.body.errors[0].field).toBe('limit');
    }
  });

  it('points relatedDocs at a section that resolves', async () => {
    const { body } = await call('/api/examples', { query: { topic: 'database', limit: '20' } });
    for (const example of body.examples) {
      const [path, anchor] = example.relatedDocs.split('#');
      const slug = path.replace('/docs/', '');
      const section = await call('/api/docs', { query: { slug, ...(anchor ? { section: anchor } : {}) } });
      expect(section.status, example.relatedDocs).toBe(200);
      if (anchor) expect(section.body.documents[0].url).toBe(example.relatedDocs);
    }
  });

  it('requires a topic (400) and answers an unknown topic with a 404 listing the topics', async () => {
    const missing = await call('/api/examples');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('topic');
    const unknown = await call('/api/examples', { query: { topic: 'defineModle' } });
    expect(unknown.status).toBe(404);
    for (const topic of specTopics) expect(unknown.body.detail).toContain(topic);
    expect(unknown.body.suggestions).toContain('defineModel');
  });
});

describe('GET /api/health', () => {
  it('reports ok with an ISO 8601 UTC timestamp', async () => {
    const { status, body } = await call('/api/health');
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(body.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('takes no parameters', async () => {
    const response = await call('/api/health', { query: { verbose: '1' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('verbose');
  });
});

describe('GET /api/search', () => {
  it('returns sections ranked by score, at most limit (default 10), total equal to the count', async () => {
    const { status, body } = await call('/api/search', { query: { q: 'agent' } });
    expect(status).toBe(200);
    expect(body.query).toBe('agent');
    expect(body.results.length).toBe(10);
    expect(body.total).toBe(10);
    const scores = body.results.map((r: any) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const result of body.results) expect(result.url).toMatch(/^\/docs\/[a-z0-9-]+#[\w-]+$/);
    expect((await call('/api/search', { query: { q: 'agent', limit: '50' } })).body.total).toBeGreaterThan(10);
    expect((await call('/api/search', { query: { q: 'agent', limit: '3' } })).body.total).toBe(3);
  });

  it('finds the section that answers', async () => {
    const { body } = await call('/api/search', { query: { q: 'maxIterations default' } });
    expect(body.results[0].section).toBe('maxIterations');
    expect(body.results[0].snippet).toContain('10');
  });

  it('gives snippets of at most 300 characters that are excerpts of the section plain text', async () => {
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    for (const q of ['define a model with fields and relations', 'maxIterations', 'how do I resume a paused run']) {
      const { body } = await call('/api/search', { query: { q, limit: '20' } });
      for (const result of body.results) {
        expect(result.snippet.length).toBeLessThanOrEqual(300);
        expect(result.snippet).not.toMatch(/```|\]\(|\*\*/);
        const section = running.content.sections.find((s) => s.url === result.url)!;
        // A literal … in the text is written ... in snippets, so that … only ever marks a cut.
        for (const fragment of result.snippet.split('…').map(squash).filter(Boolean))
          expect(squash(section.text.replaceAll('…', '...'))).toContain(fragment);
      }
    }
  });

  it('restricts to a category or a finer tag, without case, and lists the accepted topics otherwise', async () => {
    const auth = await call('/api/search', { query: { q: 'token', topic: 'AUTH', limit: '50' } });
    expect(auth.body.total).toBeGreaterThan(0);
    for (const result of auth.body.results) expect(result.topics).toContain('auth');
    const tag = await call('/api/search', { query: { q: 'token', topic: 'jwt' } });
    for (const result of tag.body.results) expect(result.topics).toContain('jwt');
    const unknown = await call('/api/search', { query: { q: 'token', topic: 'authentification' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('topic');
    for (const category of ['routing', 'database', 'auth', 'deployment', 'api', 'testing', 'ai', 'policy'])
      expect(unknown.body.detail).toContain(category);
  });

  it('gives identical responses to identical requests', async () => {
    const a = await call('/api/search', { query: { q: 'resume a paused run' } });
    const b = await call('/api/search', { json: { q: 'resume a paused run' } });
    expect(b.text).toBe(a.text);
  });

  it('rejects a missing, empty or over-long q without echoing it back', async () => {
    expect((await call('/api/search')).body.errors[0].field).toBe('q');
    expect((await call('/api/search', { query: { q: '' } })).status).toBe(400);
    const long = 'x'.repeat(501);
    const tooLong = await call('/api/search', { query: { q: long } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].field).toBe('q');
    expect(tooLong.text).not.toContain('x'.repeat(201));
    expect((await call('/api/search', { query: { q: 'x'.repeat(500) } })).status).toBe(200);
  });

  it('returns an empty result list, not an error, when nothing matches', async () => {
    const { status, body } = await call('/api/search', { query: { q: 'zzqqxxyy' } });
    expect(status).toBe(200);
    expect(body).toEqual({ query: 'zzqqxxyy', results: [], total: 0 });
  });
});

describe('HTTP rules of every endpoint', () => {
  const paths = ['/api/docs', '/api/examples?topic=defineAPI', '/api/health', '/api/search?q=agent'];

  it('answers HEAD like GET without a body', async () => {
    for (const path of paths) {
      const [pathname, query] = path.split('?');
      const head = await call(pathname!, { method: 'HEAD', ...(query ? { query: Object.fromEntries(new URLSearchParams(query)) } : {}) });
      expect(head.status, path).toBe(200);
      expect(head.text).toBe('');
    }
  });

  it('answers other methods with 405 and an Allow header', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await call('/api/search', { method, query: { q: 'a' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('tags every 200 but health with an ETag and answers If-None-Match with 304', async () => {
    for (const path of paths.filter((p) => p !== '/api/health')) {
      const [pathname, query] = path.split('?');
      const params = query ? { query: Object.fromEntries(new URLSearchParams(query)) } : {};
      const first = await call(pathname!, params);
      const etag = String(first.headers.etag);
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const second = await call(pathname!, { ...params, headers: { 'if-none-match': etag } });
      expect(second.status, path).toBe(304);
      expect(second.text).toBe('');
    }
  });

  it('sends health with Cache-Control: no-store and no ETag, so no cache answers it with an old one', async () => {
    const health = await call('/api/health');
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers.etag).toBeUndefined();
    const conditional = await call('/api/health', { headers: { 'if-none-match': '*' } });
    expect(conditional.status).toBe(200);
    expect(conditional.body.status).toBe('ok');
    const declared = openapi.operation('/api/health').responses;
    expect(Object.keys(declared['200'].headers)).toEqual(['Cache-Control']);
    expect(declared['304']).toBeUndefined();
  });

  it('answers bodies that are not JSON objects: 415, 400, 413', async () => {
    expect((await call('/api/search', { raw: 'q=a', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await call('/api/search', { raw: '{"q":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await call('/api/search', { raw: '["q"]', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await call('/api/search', { json: { q: 'a', pad: 'x'.repeat(65 * 1024) } })).status).toBe(413);
  });

  it('answers an unknown path with a 404 problem', async () => {
    const response = await call('/api/nothing');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 404, title: 'Not found' });
  });
});

describe('public base url', () => {
  it('makes every url absolute under the configured base', async () => {
    const absolute = await startService({ publicBaseUrl: 'https://docs.example.test/' });
    try {
      const docs = (await sendRaw(`${absolute.baseUrl}/api/docs?slug=database`)).json();
      expect(docs.documents[0].url).toMatch(/^https:\/\/docs\.example\.test\/docs\/database#/);
      const search = (await sendRaw(`${absolute.baseUrl}/api/search?q=defineModel`)).json();
      expect(search.results[0].url).toMatch(/^https:\/\/docs\.example\.test\/docs\//);
      const examples = (await sendRaw(`${absolute.baseUrl}/api/examples?topic=database`)).json();
      expect(examples.examples[0].relatedDocs).toMatch(/^https:\/\/docs\.example\.test\/docs\//);
    } finally {
      await absolute.stop();
    }
  });
});

describe("issue 17: the service's answers at its edge", () => {
  it('words each wrong input by what is wrong with it', async () => {
    expect((await call('/api/search', { json: { q: 123 } })).body.detail).toBe('Invalid input: q must be a string, got a number.');
    expect((await call('/api/search', { json: {} })).body.detail).toBe('Invalid input: q is required: send the search query.');
    expect((await call('/api/docs', { json: { slug: 123 } })).body.errors).toEqual([
      { field: 'slug', message: 'must be a string, got a number' },
    ]);
    expect((await call('/api/examples', { json: { topic: false } })).body.errors).toEqual([
      { field: 'topic', message: 'must be a string, got a boolean' },
    ]);
    expect((await call('/api/examples')).body.errors).toEqual([
      { field: 'topic', message: 'is required: name a topic such as defineAPI or database' },
    ]);
    expect((await call('/api/search', { json: { q: 'a', limit: '5' } })).body.errors).toEqual([
      { field: 'limit', message: 'must be a whole number from 1 to 50' },
    ]);
  });

  it('tells malformed JSON from bytes that are not UTF-8', async () => {
    const malformed = await call('/api/search', { raw: '{"q": agent}', headers: { 'content-type': 'application/json' } });
    expect(malformed.body.errors).toEqual([{ field: 'body', message: 'is not valid JSON' }]);
    expect(malformed.body.detail).not.toContain('UTF-8');
    const latin1 = await sendRaw(`${running.baseUrl}/api/search`, {
      body: Buffer.from('{"q":"caf\xe9"}', 'latin1'),
      headers: { 'content-type': 'application/json' },
    });
    expect(latin1.json().errors).toEqual([{ field: 'body', message: 'is not valid UTF-8' }]);
  });

  it('ends a suggestion with its question mark, and a message without one with a full stop', async () => {
    expect((await call('/api/docs', { query: { slug: 'getting-startd' } })).body.detail).toBe(
      'No document with slug "getting-startd"; did you mean "getting-started"? List the documents with GET /api/docs.',
    );
    expect((await call('/api/docs', { query: { slug: 'zzzzqqqq' } })).body.detail).toBe(
      'No document with slug "zzzzqqqq". List the documents with GET /api/docs.',
    );
    const section = await call('/api/docs', { query: { slug: 'core-concepts', section: 'defineAPY' } });
    expect(section.body.detail).toMatch(
      /^Document "core-concepts" has no section "defineAPY"; did you mean "defineAPI"[^?]*\? Read the document without section to see its headings\.$/,
    );
  });

  it('answers HEAD with a JSON body exactly as GET', async () => {
    for (const [path, json] of [
      ['/api/docs', { slug: 'nope-x' }],
      ['/api/search', { q: 'agent' }],
      ['/api/examples', { topic: 'nope' }],
      ['/api/health', { verbose: true }],
    ] as const) {
      const get = await call(path, { json });
      const head = await call(path, { json, method: 'HEAD' });
      expect(head.status, path).toBe(get.status);
      expect(head.text).toBe('');
    }
  });

  it('refuses prototype keys as unknown names on all four endpoints, in the query string and in the body', async () => {
    const required: Record<string, Record<string, string>> = {
      '/api/search': { q: 'agent' },
      '/api/examples': { topic: 'defineAPI' },
      '/api/docs': {},
      '/api/health': {},
    };
    for (const [path, base] of Object.entries(required)) {
      for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']) {
        const inQuery = await call(path, { query: { ...base, [key]: '1' } });
        expect(inQuery.status, `${path} ?${key}`).toBe(400);
        expect(inQuery.body.errors, `${path} ?${key}`).toEqual([{ field: key, message: 'is not a known field; remove it' }]);
        const inBody = await call(path, {
          raw: `{${Object.entries(base)
            .map(([k, v]) => `"${k}":"${v}",`)
            .join('')}${JSON.stringify(key)}:1}`,
          headers: { 'content-type': 'application/json' },
        });
        expect(inBody.status, `${path} body ${key}`).toBe(400);
        expect(inBody.body.errors, `${path} body ${key}`).toEqual([{ field: key, message: 'is not a known field; remove it' }]);
      }
    }
    expect(Object.prototype).not.toHaveProperty('q');
  });

  it('gives HEAD /mcp the same 405 and Allow as PUT', async () => {
    const head = await sendRaw(`${running.baseUrl}/mcp`, { method: 'HEAD' });
    const put = await call('/mcp', { method: 'PUT' });
    expect([head.status, put.status]).toEqual([405, 405]);
    expect(head.headers.allow).toBe('DELETE, GET, POST');
    expect(put.headers.allow).toBe('DELETE, GET, POST');
    expect(put.body.type).toBe('/problems/method-not-allowed');
  });

  it('repeats at most 60 characters of a long unknown name, path or slug, in problems and in the HTML 404 page', async () => {
    const name = 'n'.repeat(8_000);
    for (const answer of [
      await call('/api/search', { query: { q: 'a', [name]: '1' } }),
      await call('/api/search', { json: { q: 'a', [name]: 1 } }),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.text).not.toContain('n'.repeat(61));
    }
    const path = await call(`/api/${'p'.repeat(3_000)}`);
    expect(path.status).toBe(404);
    expect(path.text).not.toContain('p'.repeat(61));
    const slug = `zz${'s'.repeat(3_000)}`;
    const page = await sendRaw(`${running.baseUrl}/docs/${slug}`);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('s'.repeat(61));
    expect(page.text.split('s'.repeat(50)).length - 1).toBeLessThanOrEqual(3);
    expect(page.text).toContain(`<h1>No page named “zz${'s'.repeat(58)}…”</h1>`);
  });
});
