import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { TLSSocket } from 'node:tls';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { ConnectionInfo, KitContext } from '../definitions/context.js';
import type { KitConfig } from '../definitions/define-config.js';
import type { AnyAPIDefinition, AppInfo, HttpMethod, RouteKey } from '../definitions/routes.js';
import type { ServerSentEvent } from '../definitions/define-api.js';
import type { MiddlewareDefinition } from '../definitions/define-middleware.js';
import { KitError } from '../errors/kit-error.js';
import { asKitError, quoteInput } from '../errors/problem.js';
import { contextWithRequestId } from '../http/context.js';
import { incomingOf, keepNodeRequest, requestHeader } from '../http/incoming-header.js';
import { guardHttpServer } from '../http/guard-http-server.js';
import { defaultBodyTimeoutMs, maxBodyBytes as defaultMaxBodyBytes, readInput, readInputWithoutBody } from '../http/read-input.js';
import { guardRequestBody, openRequestBody, prereadJsonBody, type BodyGuard, type BodyLimits } from '../http/body-guard.js';
import { crossSiteRefusal, isUnsafeMethod, trustedOriginSet } from '../http/cross-site.js';
import { problemForRequestError } from '../http/request-error.js';
import { jsonAnswer, problemResponse, uncachedJsonResponse } from '../http/responses.js';
import { eventStreamResponse } from '../http/event-stream.js';
import { answerTraced, recordRequestError } from '../http/request-span.js';
import { tracingOn } from '../tracing/spans.js';
import { CapabilityRegistry, type RegisteredRoute } from '../registry/capability-registry.js';
import type { KitApp, KitServer, RequestListenerOptions } from './kit-app.js';
import { StaticRoutes } from './static-routes.js';
import { ApprovalRequiredError } from '../approvals/approval-required-error.js';
import { approvalStatusResponse, holdsForApproval, pendingApprovalResponse } from '../approvals/http.js';
import { resolveApprovalOptions } from '../approvals/options.js';
import { toOpenAPI, type OpenAPIDocument } from '../registry/openapi.js';
import { MemoryStore } from '../rate-limit/memory-store.js';
import { applyPlugins, closePlugins, setUpPlugins } from '../plugins/apply-plugins.js';
import { serveWebSockets } from '../websocket/serve-websockets.js';
import { RateLimiter, rateLimited, type RateLimitDecision } from '../rate-limit/rate-limiter.js';
import type { AnswerHeaders } from '../http/answer-headers.js';
import { unreadHeaderRecord } from '../http/header-record.js';
import { ResponseCache } from '../response-cache/response-cache.js';
import { cacheRequestOf } from '../response-cache/cache-request.js';
import { answerThroughCache, type SharedExchange } from '../response-cache/answer-through-cache.js';
import { answerFromNode } from '../response-cache/answer-from-node.js';
import { checkSharedRoute } from '../response-cache/check-shared-route.js';

const defaultInfo: AppInfo = { title: 'kit app', version: '0.0.0' };

/** Where every kit app serves its OpenAPI document. */
const openapiPath = '/openapi.json';

/**
 * Builds the application on Hono: every configured route becomes an HTTP endpoint whose input is
 * read from its path parameters (`:id` in `GET /api/tickets/:id`), the query string and the JSON
 * body, validated, guarded by its policy and answered as JSON
 * with an ETag; every error becomes an RFC 9457 problem document; unknown paths are 404 and known
 * paths with another method 405 with `Allow`. The app's OpenAPI 3.1 document is served at
 * `/openapi.json` unless the app adds its own handler for that path.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 *
 * const app = createKitApp({
 *   routes: {
 *     'GET /api/hello': defineAPI({
 *       input: z.strictObject({ name: z.string() }),
 *       handler: async ({ input }) => ({ message: `Hello, ${input.name}` }),
 *     }),
 *   },
 * });
 * const response = await app.fetch(new Request('http://localhost/api/hello?name=Ada'));
 * console.log(await response.json()); // { message: 'Hello, Ada' }
 * ```
 */
export function createKitApp(given: KitConfig): KitApp {
  // Plugins are folded in first, so from here on their routes, policies and middleware are the app's own.
  const config = applyPlugins(given);
  const registry = new CapabilityRegistry();
  registry.addPolicies(config.policies ?? []);
  const approvals = resolveApprovalOptions('createKitApp', config.approvals);
  registry.useApprovals(approvals);
  const hono = new Hono();
  const middleware = config.middleware ?? [];
  const info = config.info ?? defaultInfo;
  const bodyLimits = checkLimits(
    'createKitApp',
    config.maxBodyBytes ?? defaultMaxBodyBytes,
    config.bodyTimeoutMs ?? defaultBodyTimeoutMs,
    `${defaultMaxBodyBytes} (64 KiB)`,
  );
  const trustedOrigins = trustedOriginSet('createKitApp', config.trustedOrigins);
  // Checked here although pages use it, so a mistake shows when the app is made rather than on a 401.
  if (config.signInPage !== undefined && (typeof config.signInPage !== 'string' || !/^\/(?![/\\])[^\s\\]*$/.test(config.signInPage))) {
    throw new TypeError(
      `createKitApp: signInPage is ${JSON.stringify(config.signInPage)}; give the path of the app's sign-in page on this origin, such as "/login"`,
    );
  }

  const limiter = config.rateLimit ? new RateLimiter(config.rateLimit, config.rateLimitStore ?? new MemoryStore()) : undefined;
  const clientKey = config.clientKey ?? (({ remoteAddress }) => remoteAddress ?? 'unknown');

  // The 500 a caller gets reveals nothing, so the error itself must reach whoever runs the app.
  const reportError = (error: unknown, ctx: KitContext): void => {
    recordRequestError(error);
    try {
      (config.onError ?? logUnexpectedError)(error, ctx);
    } catch {
      // A failing error reporter must not turn a 500 into a crash.
    }
  };

  // Authentication runs before everything else, so rate limits count the resolved auth type and every
  // middleware and handler sees who is calling.
  const authenticators = middleware.flatMap((definition) => (definition.authenticate ? [definition.authenticate] : []));
  const chain = middleware.filter((definition) => !definition.authenticate);
  registry.useAuthentication(middleware.flatMap((definition) => definition.challenges ?? []));
  const challenge = registry.challenges.join(', ');

  const routes = Object.entries(config.routes ?? {}) as [RouteKey, AnyAPIDefinition][];
  // Made when the app asks for one, or when a route declares its answer shared and so expects one.
  const responseCache =
    config.responseCache !== undefined || routes.some(([, definition]) => definition.cache === 'shared')
      ? new ResponseCache(config.responseCache)
      : undefined;
  const sharing = {
    authentication: middleware.flatMap((definition) => (definition.authenticate ? [definition.name] : [])),
    cacheable: config.responseCache?.cacheable,
  };

  // `guard` watches the body of an endpoint that reads it itself (see guardRequestBody): when the
  // body broke its limits, the answer is an error, whatever the handler made of the failed read.
  // `answer` gets the headers every answer carries (request id, rate limits) to build its response
  // with; a response it records as built with them is sent as it is, any other gets them set afterwards.
  // `exchange` is there when the request's answer may be shared: it then goes through the response cache.
  // `preread` reads a mounted handler's JSON body whole before anything else (see prereadJsonBody), in
  // place of the guard.
  const handle = async (
    request: Request,
    env: unknown,
    answer: (ctx: KitContext, headers: AnswerHeaders) => Promise<Response>,
    guard?: BodyGuard,
    exchange?: SharedExchange,
    preread?: () => Promise<void>,
  ): Promise<Response> => {
    const incoming = incomingOf(env);
    if (incoming !== undefined) keepNodeRequest(request, incoming);
    let ctx = contextWithRequestId(request, requestHeader(request, incoming, 'x-request-id'), 'anonymous', connectionOf(incoming));
    const headers: AnswerHeaders = { values: { 'X-Request-Id': ctx.requestId }, built: undefined };
    let response: Response;
    let limit: RateLimitDecision | undefined;
    try {
      // Before authentication, so a forged request has no effect at all, a sign-in included.
      if (isUnsafeMethod(request.method)) {
        const refusal = crossSiteRefusal(request, trustedOrigins);
        if (refusal) throw refusal;
      }
      // A JSON body of a mounted handler is read whole, under its limits, before anything can read it.
      if (preread) await preread();
      let authError: unknown;
      try {
        for (const authenticate of authenticators) ctx = await authenticate({ request, ctx });
      } catch (error) {
        // Bad credentials are counted against the caller as anonymous before they are refused, so
        // guessing keys or forging sessions is throttled like any other anonymous traffic.
        authError = error;
      }
      limit = limiter ? await checkLimit(limiter, request, ctx, incoming) : undefined;
      if (limit && !limit.allowed) throw rateLimited(limit);
      if (limit?.allowed) Object.assign(headers.values, limit.headers);
      if (authError !== undefined) throw authError;
      const respond = () =>
        chain.length === 0 ? answer(ctx, headers) : runMiddleware(chain, request, ctx, (current) => answer(current, headers));
      response = await (exchange ? answerThroughCache(exchange, headers, respond) : respond());
      if (guard?.failure) {
        // A handler that went on as if the body were whole (a sign-in form turning the failed read
        // into a redirect) or misread the failure (a parse error) does not get its answer through; one
        // that answered it with the same status in its own format (a JSON-RPC endpoint's 413 error
        // object) keeps it, on a connection that closes.
        if (response.status !== guard.failure.status) {
          void response.body?.cancel().catch(() => undefined);
          throw guard.failure;
        }
        try {
          response.headers.set('Connection', 'close');
        } catch {
          // Immutable headers: the unread rest of the body is drained by the server.
        }
      }
    } catch (thrown) {
      const error = guard?.failure ?? thrown;
      const known = asKitError(error);
      if (!known || known.code === 'internal') reportError(error, ctx);
      return problemResponse(
        error,
        challenge !== '' && known?.code === 'unauthorized' && !hasHeader(known.headers, 'www-authenticate')
          ? { ...headers.values, 'WWW-Authenticate': challenge }
          : headers.values,
      );
    }
    if (response === headers.built) return response;
    // A response made with a header record nobody has read yet (a page) takes the headers as plain
    // properties: reading its headers would make a Headers and check every value the page wrote.
    const record = unreadHeaderRecord(response);
    if (record !== undefined) {
      record['x-request-id'] ??= ctx.requestId;
      record['x-content-type-options'] ??= 'nosniff';
      if (limit?.allowed) for (const [name, value] of Object.entries(limit.headers)) record[name.toLowerCase()] = value;
      return response;
    }
    try {
      const set = response.headers;
      if (!set.has('x-request-id')) set.set('X-Request-Id', ctx.requestId);
      // No answer of a kit app is to be sniffed into another type (a script, a page) than it says.
      if (!set.has('x-content-type-options')) set.set('X-Content-Type-Options', 'nosniff');
      if (limit?.allowed) for (const [name, value] of Object.entries(limit.headers)) set.set(name, value);
    } catch {
      // Responses with immutable headers (from fetch) are passed through as they are.
    }
    return response;
  };

  // Whether the store failed at the last check: without onRateLimitError, an outage is told once when
  // it starts and once when it ends, not once per request let through.
  let storeFailing = false;
  const checkLimit = async (
    rateLimiter: RateLimiter,
    request: Request,
    ctx: KitContext,
    incoming: IncomingMessage | undefined,
  ): Promise<RateLimitDecision | undefined> => {
    try {
      const key = clientKey({ request, ctx, remoteAddress: incoming?.socket?.remoteAddress });
      const decision = await rateLimiter.check(key, ctx.authType);
      if (storeFailing) {
        storeFailing = false;
        if (!config.onRateLimitError) process.stderr.write('kit: the rate-limit store answers again; rate limits apply again.\n');
      }
      return decision;
    } catch (error) {
      // A store that is down must not take the service down with it: the request goes through.
      if (config.onRateLimitError) {
        storeFailing = true;
        try {
          config.onRateLimitError(error);
        } catch {
          // A failing reporter must not turn a let-through request into a 500.
        }
      } else if (!storeFailing) {
        storeFailing = true;
        const why = error instanceof Error ? error.message : String(error);
        process.stderr.write(
          `kit: the rate-limit store failed (${why}); requests are let through without rate limits until it answers again. Set onRateLimitError in createKitApp to handle this yourself.\n`,
        );
      }
      return undefined;
    }
  };

  const methodsByPath = new Map<string, Set<string>>();
  const allow = (path: string, methods: readonly string[], headWithGet: boolean) => {
    const known = methodsByPath.get(path) ?? new Set<string>();
    const isNew = known.size === 0;
    for (const method of methods) known.add(method);
    if (headWithGet && known.has('GET')) known.add('HEAD');
    methodsByPath.set(path, known);
    return isNew;
  };
  const notAllowed = (request: Request, path: string): KitError => {
    const allowed = [...(methodsByPath.get(path) ?? [])].sort().join(', ');
    const asked = quoteInput(new URL(request.url).pathname);
    return new KitError('method_not_allowed', `${request.method} is not allowed on ${asked}; use ${allowed}.`, {
      headers: { Allow: allowed },
    });
  };
  // The 405 catch-alls live in a router of their own, consulted only when no endpoint answers the method:
  // in the main router they would match beside every endpoint of their path, and Hono runs a request
  // matched by several handlers through its slower middleware chain instead of calling the one handler.
  const methodNotAllowed = new Hono();
  const addMethodNotAllowed = (path: string) => {
    methodNotAllowed.all(path, (c) =>
      answerTraced(c.req.raw, c.env, path, () =>
        handle(c.req.raw, c.env, async () => {
          throw notAllowed(c.req.raw, path);
        }),
      ),
    );
  };

  const pendingNotAllowed: string[] = [];
  type Answer = (
    request: Request,
    ctx: KitContext,
    env: unknown,
    pathValues: Record<string, string>,
    headers: AnswerHeaders,
  ) => Promise<Response>;
  const staticRoutes = new StaticRoutes<Endpoint>();
  // Every request goes to the endpoint of its static path when it has one, without Hono's router and
  // context; the rest (paths with parameters, HEAD, encoded paths, 404 and 405) go through Hono.
  const serve = (request: Request, env?: unknown): Promise<Response> => {
    const endpoint = staticRoutes.match(request.method, request.url);
    if (!endpoint) return hono.fetch(request, env) as Promise<Response>;
    try {
      return endpoint(request, env, noParameters);
    } catch (error) {
      return Promise.resolve(problemResponse(error));
    }
  };
  /**
   * The request to the endpoint at `path` as the response cache takes it, when its answer may be shared:
   * a GET, or a HEAD where the path answers HEAD, without a body, to a route declared shared or a path
   * the app's `cacheable` accepts.
   */
  const exchangeOf = (request: Request, env: unknown, path: string, sharedRoute: boolean): SharedExchange | undefined => {
    if (!responseCache) return undefined;
    const cacheRequest = cacheRequestOf(request, incomingOf(env));
    if (!cacheRequest) return undefined;
    const answersHead = methodsByPath.get(path)?.has('HEAD') === true;
    if (cacheRequest.method === 'HEAD' && !answersHead) return undefined;
    if (!sharedRoute && !responseCache.cacheable(cacheRequest.path)) return undefined;
    return { cache: responseCache, request: cacheRequest, answersHead };
  };
  /**
   * `limits` are those of an endpoint that reads its body itself (a mounted handler): its request,
   * and so the middleware's, reads the body through a guard. A route reads its JSON body with
   * `readInput`, which keeps the same limits itself, so its request is left as it is. `sharedRoute`:
   * a route declared `cache: 'shared'`.
   */
  const register = (
    path: string,
    methods: readonly HttpMethod[],
    answer: Answer,
    headWithGet = true,
    limits?: BodyLimits,
    sharedRoute = false,
  ) => {
    if (allow(path, methods, headWithGet)) pendingNotAllowed.push(path);
    const hasParameters = path.includes(':');
    const answerEndpoint: Endpoint = (given, env, pathValues) => {
      const preread = limits ? prereadJsonBody(given, env, limits) : undefined;
      const guarded = limits && !preread ? guardRequestBody(given, env, limits) : undefined;
      const request = guarded ? guarded.request : given;
      return handle(
        request,
        env,
        (ctx, headers) => {
          // Hono hands HEAD to the GET handler; where HEAD is not one of the path's methods it gets
          // the same 405 as any other method, so both agree on Allow.
          if (request.method === 'HEAD' && !methodsByPath.get(path)?.has('HEAD')) throw notAllowed(request, path);
          return answer(request, ctx, env, pathValues, headers);
        },
        guarded?.guard,
        exchangeOf(request, env, path, sharedRoute),
        preread,
      );
    };
    // In the request's span when an OpenTelemetry SDK is registered; without one, a check and nothing more.
    const endpoint: Endpoint = (request, env, pathValues) =>
      tracingOn()
        ? answerTraced(request, env, path, () => answerEndpoint(request, env, pathValues))
        : answerEndpoint(request, env, pathValues);
    for (const method of methods) {
      // Hono's param() gives the `:name` segments URI-decoded; a path without any has none to give.
      hono.on(method, path, (c) => endpoint(c.req.raw, c.env, hasParameters ? c.req.param() : noParameters));
      staticRoutes.add(method, path, endpoint);
    }
  };
  const allMethods = () => [...new Set([...methodsByPath.values()].flatMap((methods) => [...methods]))].sort();
  let sealed = false;
  const seal = () => {
    if (sealed) return;
    sealed = true;
    // Every kit app describes itself at /openapi.json (the 404 problem points there), unless the app
    // serves its own document at that path. Routes are fixed once the app is built, so it is made once.
    // Callers whose call waits for an approval poll its status here (the statusUrl of their 202).
    const approvalPath = `${approvals.basePath}/:id`;
    const servesApprovals = config.approvals !== undefined || holdsForApproval(config.policies ?? [], registry.routes);
    if (servesApprovals && !methodsByPath.has(approvalPath))
      register(approvalPath, ['GET'], async (_request, ctx, _env, pathValues) =>
        approvalStatusResponse(approvals.store, pathValues.id ?? '', ctx),
      );
    if (!methodsByPath.has(openapiPath)) {
      let document: OpenAPIDocument | undefined;
      register(
        openapiPath,
        ['GET'],
        async (request, _ctx, env, _pathValues, headers) =>
          (headers.built = jsonAnswer(ifNoneMatchOf(request, env), (document ??= toOpenAPI(registry, info)), headers.values)),
      );
    }
    for (const path of pendingNotAllowed) addMethodNotAllowed(path);
    hono.notFound((c) => methodNotAllowed.fetch(c.req.raw, c.env));
    methodNotAllowed.notFound((c) =>
      answerTraced(c.req.raw, c.env, undefined, () => {
        // The app's notFound may read the body, as a mounted handler may; the 404 problem never does.
        const guarded = config.notFound ? guardRequestBody(c.req.raw, c.env, bodyLimits) : undefined;
        const request = guarded ? guarded.request : c.req.raw;
        return handle(
          request,
          c.env,
          async (ctx) => {
            if (config.notFound) return config.notFound(request, ctx);
            throw new KitError(
              'not_found',
              `No endpoint at ${quoteInput(new URL(c.req.url).pathname)}; see /openapi.json for the available ones.`,
            );
          },
          guarded?.guard,
        );
      }),
    );
    hono.onError((error) => problemResponse(error));
    methodNotAllowed.onError((error) => problemResponse(error));
  };

  for (const [key, definition] of routes) {
    const [method, path] = splitRouteKey(key);
    checkSharedRoute(method, path, definition, sharing);
    const route = registry.register(method, path, definition);
    register(
      path,
      [method],
      (request, ctx, env, pathValues, headers) =>
        answerRoute(registry, route, request, env, ctx, bodyLimits, pathValues, headers, reportError),
      true,
      undefined,
      definition.cache === 'shared',
    );
  }
  // Hits answered from Node skip the app, so only where nothing in the app must see every request.
  const cacheFromNode = responseCache && !limiter && authenticators.length === 0 ? responseCache : undefined;

  /** The closing of the plugins, once started: `close()` is idempotent. */
  let closing: Promise<void> | undefined;
  const app: KitApp = {
    registry,
    // Not async: a request passes through here once, and a promise of its own per request is not free
    // (each one is tracked while any AsyncLocalStorage is in use, as React's server renderer makes it).
    fetch: (request, bindings) => {
      if (!sealed) {
        try {
          seal();
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return serve(request, bindings);
    },
    get: (path, handler) => {
      if (sealed) throw new TypeError(`createKitApp: add ${path} before the app serves its first request`);
      // A handler that throws is answered by `handle`, which calls this inside its own try.
      register(path, ['GET'], (request, ctx) => Promise.resolve(handler(request, ctx)));
    },
    mount: (path, methods, handler, options = {}) => {
      if (sealed) throw new TypeError(`createKitApp: add ${path} before the app serves its first request`);
      const limits =
        options.maxBodyBytes === undefined && options.bodyTimeoutMs === undefined
          ? bodyLimits
          : checkLimits(
              `app.mount('${path}')`,
              options.maxBodyBytes ?? bodyLimits.maxBytes,
              options.bodyTimeoutMs ?? bodyLimits.timeoutMs,
              `the app's ${bodyLimits.maxBytes}`,
            );
      register(path, methods, async (request, ctx) => handler(request, ctx), false, limits);
    },
    methods: allMethods,
    openapi: () => toOpenAPI(registry, info),
    close: () => (closing ??= closePlugins(config.plugins ?? [])),
    serveWebSockets: (server, options = {}) => {
      seal();
      return serveWebSockets(server, {
        definitions: config.websockets ?? [],
        tls: options.tls === true,
        admit: handle,
        fetch: serve,
        onError: reportError,
      });
    },
    requestListener: (options: RequestListenerOptions = {}) => {
      seal();
      const { around, onError } = options;
      const answer = around ? (request: Request, env: unknown) => around(request, env as HttpBindings, serve) : serve;
      const adapter = getRequestListener(answer, {
        errorHandler: (error) => {
          const unreadable = problemForRequestError(error);
          if (unreadable) return unreadable;
          onError?.(error);
          return problemResponse(error);
        },
      });
      return (incoming: IncomingMessage, outgoing: ServerResponse, headers?: Record<string, string>) => {
        if (cacheFromNode && answerFromNode(cacheFromNode, incoming, outgoing, headers)) return;
        // The adapter writes the answer's own headers over these.
        if (headers) for (const name in headers) outgoing.setHeader(name, headers[name]!);
        void adapter(incoming, outgoing);
      };
    },
    responseCacheStats: () => responseCache?.stats(),
    listen: async (options = {}) => {
      seal();
      const { port = 3000, host = '127.0.0.1', tls } = options;
      const listener = app.requestListener();
      // The guard answers a missing Host with a problem document, so Node's own empty 400 is off.
      // With requestCert, a client without a trusted certificate still connects (rejectUnauthorized is
      // off unless asked for), so the app can answer it with a problem document instead of a reset.
      const server = tls
        ? createTlsServer({ rejectUnauthorized: false, ...tls, requireHostHeader: false }, listener)
        : createServer({ requireHostHeader: false }, listener);
      guardHttpServer(server, { methods: allMethods });
      const websockets = app.serveWebSockets(server, { tls: tls !== undefined });
      return new Promise<KitServer>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          resolve({
            port: typeof address === 'object' && address ? address.port : port,
            server,
            close: async () => {
              // Upgraded connections keep the server open, so the WebSockets are closed (1001) first.
              await websockets?.close();
              await new Promise<void>((done, fail) => server.close((error) => (error ? fail(error) : done())));
              await app.close();
            },
          });
        });
      });
    },
  };
  setUpPlugins(config.plugins ?? [], app);
  return app;
}

/** The default `onError`: one line on standard error naming the request, then the stack. */
function logUnexpectedError(error: unknown, ctx: KitContext): void {
  const where = `${ctx.request.method} ${new URL(ctx.request.url).pathname}`;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`kit: ${where} (request ${ctx.requestId}) failed with an unexpected error, answered 500: ${detail}\n`);
}

/**
 * Body limits checked once, where they are given; a bad one is a `TypeError` naming `component`, and
 * `fallback`, what leaving `maxBodyBytes` out gives.
 */
function checkLimits(component: string, maxBytes: number, timeoutMs: number, fallback: string): BodyLimits {
  if (!(Number.isSafeInteger(maxBytes) && maxBytes > 0))
    throw new TypeError(`${component}: maxBodyBytes must be a whole number of bytes from 1, got ${maxBytes}; omit it for ${fallback}`);
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0 && timeoutMs <= 2_147_483_647))
    throw new TypeError(`${component}: bodyTimeoutMs must be a positive number of milliseconds up to 2147483647, got ${timeoutMs}`);
  return { maxBytes, timeoutMs };
}

/** Answers a request to one endpoint, given the values of its path's `:name` segments. */
type Endpoint = (request: Request, env: unknown, pathValues: Record<string, string>) => Promise<Response>;

/** The path values of a route without `:name` segments. */
const noParameters: Record<string, string> = Object.freeze({});

async function answerRoute(
  registry: CapabilityRegistry,
  route: RegisteredRoute,
  request: Request,
  env: unknown,
  ctx: KitContext,
  limits: BodyLimits,
  pathValues: Record<string, string>,
  headers: AnswerHeaders,
  reportError: (error: unknown, ctx: KitContext) => void,
): Promise<Response> {
  const body = openRequestBody(request, env);
  // Without a body (most calls) the input is read at once, with no promise to wait for.
  const input =
    body === null ? readInputWithoutBody(request.url, route, pathValues) : await readInput(request, route, body, limits, pathValues);
  let output: unknown;
  try {
    output = await registry.invoke(route, input, ctx);
  } catch (error) {
    if (error instanceof ApprovalRequiredError) return pendingApprovalResponse(error);
    throw error;
  }
  const shape = route.definition.response;
  if (shape?.kind === 'event-stream') {
    const where = `${route.method} ${route.path}`;
    const controller = new AbortController();
    let events: AsyncIterable<ServerSentEvent>;
    try {
      const lastEventId = requestHeader(request, incomingOf(env), 'last-event-id') ?? undefined;
      events = shape.events(output as never, { lastEventId, signal: controller.signal, ctx });
    } catch (error) {
      throw new KitError('internal', `${where}: response.events threw for the handler's output`, { cause: error });
    }
    return (headers.built = eventStreamResponse(events, {
      where,
      headers: headers.values,
      controller,
      onError: (error) => {
        const known = asKitError(error);
        if (!known || known.code === 'internal') reportError(error, ctx);
      },
      ...(shape.heartbeatMs === undefined ? {} : { heartbeatMs: shape.heartbeatMs }),
    }));
  }
  if (shape?.kind === 'created') {
    const created = shape.location ? { ...headers.values, Location: createdLocation(route, shape.location, output) } : headers.values;
    return (headers.built = uncachedJsonResponse(output, created, 201));
  }
  return (headers.built =
    route.definition.cache === 'no-store'
      ? uncachedJsonResponse(output, headers.values)
      : jsonAnswer(ifNoneMatchOf(request, env), output, headers.values));
}

/** The `Location` of a 201: what the route's `response.location` makes of the output, checked to be a URL reference. */
function createdLocation(route: RegisteredRoute, location: (output: never) => string, output: unknown): string {
  let value: unknown;
  try {
    value = location(output as never);
  } catch (error) {
    throw new KitError('internal', `${route.method} ${route.path}: response.location threw for the handler's output`, { cause: error });
  }
  // A path of this app or an absolute URL; anything else (a bare name, a value with a line break) is a bug in the route.
  if (typeof value !== 'string' || !/^(\/(?!\/)|https?:\/\/)[^\s]*$/.test(value)) {
    throw new KitError(
      'internal',
      `${route.method} ${route.path}: response.location returned ${JSON.stringify(value)}; return a path starting with "/" (such as \`/api/tickets/\${output.id}\`) or an absolute http(s) URL`,
    );
  }
  return value;
}

/** Whether a plain header record has `name` (lower case), whatever the case of its keys. */
function hasHeader(headers: Readonly<Record<string, string>>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** The request's `If-None-Match`, from Node's parsed headers when the app is served by Node. */
function ifNoneMatchOf(request: Request, env: unknown): string | null {
  return requestHeader(request, incomingOf(env), 'if-none-match');
}

function runMiddleware(
  middleware: readonly MiddlewareDefinition[],
  request: Request,
  ctx: KitContext,
  last: (ctx: KitContext) => Promise<Response>,
): Promise<Response> {
  const run = (index: number, current: KitContext): Promise<Response> => {
    const definition = middleware[index];
    return definition ? definition.handler({ request, ctx: current, next: (next) => run(index + 1, next ?? current) }) : last(current);
  };
  return run(0, ctx);
}

/** The connection of a request served by a Node server. */
function connectionOf(incoming: IncomingMessage | undefined): ConnectionInfo | undefined {
  const socket = incoming?.socket;
  if (!socket) return undefined;
  if (!(socket instanceof TLSSocket)) {
    const remoteAddress = socket.remoteAddress;
    return remoteAddress === undefined ? {} : { remoteAddress };
  }
  const error = socket.authorizationError as Error | string | null | undefined;
  return {
    ...(socket.remoteAddress === undefined ? {} : { remoteAddress: socket.remoteAddress }),
    tls: {
      authorized: socket.authorized,
      ...(error ? { authorizationError: typeof error === 'string' ? error : error.message } : {}),
      peerCertificate: () => {
        const certificate = socket.getPeerCertificate();
        // Node answers an empty object, not null, when the client sent no certificate.
        return certificate && Object.keys(certificate).length > 0 ? certificate : undefined;
      },
    },
  };
}

function splitRouteKey(key: RouteKey): [HttpMethod, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as HttpMethod, key.slice(space + 1)];
}
