import type { KitContext } from './context.js';
import type { AnyAPIDefinition, AppInfo, RouteKey } from './routes.js';
import type { MiddlewareDefinition } from './define-middleware.js';
import type { PolicyDefinition } from './define-policy.js';
import type { RateLimitDefinition } from '../rate-limit/define-rate-limit.js';
import type { RateLimitStore } from '../rate-limit/store.js';
import type { ApprovalOptions } from '../approvals/options.js';
import type { PluginDefinition } from '../plugins/define-plugin.js';
import type { WebSocketDefinition } from '../websocket/define-websocket.js';
import type { PageSecurityHeaders } from '../http/page-security.js';
import type { ResponseCacheOptions } from '../response-cache/response-cache-options.js';

/**
 * The application's configuration.
 *
 * @example
 * ```ts
 * import type { KitConfig } from '@kit/kit-core';
 *
 * const config: KitConfig = { info: { title: 'Shop', version: '1.0.0' }, routes: {} };
 * ```
 */
export interface KitConfig {
  readonly info?: AppInfo;
  /**
   * Routes by key (`'GET /api/tickets/:id'`). Handlers receive validated input whatever the transport.
   * Default none: an app whose routes are files (`*.api.ts`, served by kit-dev) leaves it out.
   */
  readonly routes?: Readonly<Record<RouteKey, AnyAPIDefinition>>;
  /** Run around every route, first listed outermost. */
  readonly middleware?: readonly MiddlewareDefinition[];
  /** Policies that routes name with `policy`. */
  readonly policies?: readonly PolicyDefinition[];
  /** Rate limits from `defineRateLimit`. Without them nothing is throttled. */
  readonly rateLimit?: RateLimitDefinition;
  /**
   * Where the approvals of routes whose policy answers `approve` live (default: the process-wide
   * memory store; a `RedisStore` for replicas), how long they last (default `'24h'`), where their
   * status is served (default `/approvals`, as `GET /approvals/:id`), the `Retry-After` of the 202,
   * and how many calls one caller may have waiting at once (`maxPendingPerRequester`, default 20).
   */
  readonly approvals?: ApprovalOptions;
  /**
   * Keeps answers that are the same for every caller and gives them again without running the app:
   * those of routes declared `cache: 'shared'`, and of the paths `cacheable` accepts (pages, documents).
   * Only storable 200s of GET requests without a body are kept, by request target (and `Accept` when the
   * answer says `Vary: Accept`), until `version()` changes or the bounds (`maxEntries`, 2000; `maxBytes`,
   * 64 MiB) evict the least recently used. A kept answer is sent with the request's own id, a 304 when
   * `If-None-Match` names its ETag, and bodies of 1 KiB or more in brotli or gzip as `Accept-Encoding`
   * allows, compressed once per entry. Authentication and rate limits still run for every request;
   * without either, `listen()` (and `app.requestListener()`) answers a kept answer straight from Node.
   * The app's middleware runs only when the answer is computed, and what it adds is kept with it. An app
   * with a `cache: 'shared'` route and no `responseCache` gets one with the defaults. Default: none.
   */
  readonly responseCache?: ResponseCacheOptions;
  /** Where rate-limit counters live: a `MemoryStore` of this process unless given (`RedisStore` for replicas). */
  readonly rateLimitStore?: RateLimitStore;
  /**
   * The client a request counts against. Default: the address of the connection, which behind a
   * proxy is the proxy's; return the first `X-Forwarded-For` entry there, and only there, since
   * clients can forge it.
   */
  readonly clientKey?: (args: ClientKeyArgs) => string;
  /**
   * Told of every request whose rate-limit check failed because the store did (Redis down, say); the
   * request is then let through rather than refused. Default: one line on standard error when the
   * store first fails (rate limits are off from then on) and one when it answers again, not a line
   * per request.
   */
  readonly onRateLimitError?: (error: unknown) => void;
  /**
   * Told about every error that is not a `KitError`, or is an `internal` one (a bug in a handler or
   * middleware, output that breaks its schema), which the caller gets as a bare 500 that reveals nothing,
   * with the context of the request, so it can be logged with its request id.
   * Default: one line on standard error with the method, the path, the request id and the stack.
   */
  readonly onError?: (error: unknown, ctx: KitContext) => void;
  /**
   * How long a request body may take to arrive, in milliseconds, from when the endpoint starts reading
   * it: a route's JSON body, a form or any body a mounted handler (`app.mount`) or the middleware reads.
   * A body still incomplete then (fewer bytes than `Content-Length` announced, or a chunked body
   * without its last chunk) is answered 408 and the connection closed. Default 5000; `app.mount` can
   * set another for one endpoint.
   */
  readonly bodyTimeoutMs?: number;
  /**
   * The largest request body the app reads, in bytes: a route's JSON body, and whatever a mounted
   * handler reads (`request.formData()`, `text()`, the stream), which fails past it, or at once when
   * `Content-Length` announces more. The app then answers 413 and closes the connection, even if the
   * handler caught the error. Default 65536 (64 KiB, `maxBodyBytes`); `app.mount` can set a larger one
   * for the endpoint that needs it (an upload).
   */
  readonly maxBodyBytes?: number;
  /**
   * Origins of pages, besides the app's own, that may send it state-changing requests (POST, PUT,
   * PATCH, DELETE) from a browser: `['https://admin.example.com']`. Any other page's such request,
   * as `Origin` or `Sec-Fetch-Site` tell, is refused with 403 before authentication, whatever its
   * cookies, so another site (another port or subdomain of the same host included) cannot make a
   * visitor's browser act in their name or sign them in or out. Requests without either header
   * (programs), and those carrying an API key or DPoP token and no cookie, are not affected. Behind a
   * proxy that rewrites `Host`, list the public origin here for browsers that send no `Sec-Fetch-Site`.
   * Default none.
   */
  readonly trustedOrigins?: readonly string[];
  /**
   * The security headers of the app's HTML pages (rendered by kit-react under `kit dev` and `kit
   * start`): changes to the default Content-Security-Policy (inline scripts allowed only with the page's
   * nonce, no framing), `X-Frame-Options` (`DENY`) and `Referrer-Policy`
   * (`strict-origin-when-cross-origin`). Pages and API answers always carry `X-Content-Type-Options: nosniff`.
   */
  readonly securityHeaders?: PageSecurityHeaders;
  /**
   * The path of the app's sign-in page (`/login`). A page whose loader throws `unauthorized` (401) for a
   * caller who is not signed in then sends the browser there with `303` and `?next=<the page's path>`,
   * instead of showing the error page; API routes still answer 401 with `WWW-Authenticate`. Without it,
   * such a page shows the nearest `_error.tsx` with status 401.
   */
  readonly signInPage?: string;
  /**
   * Where the app's database is, for `createDatabase(config.database)` of `@kit/kit-db` (kit-core
   * only carries it). Read the URL from the environment: `env('DATABASE_URL')`.
   */
  readonly database?: DatabaseConfig;
  /**
   * Plugins from `definePlugin`, folded in by `createKitApp`: their routes, policies and WebSocket
   * endpoints join the app's (a key, policy or path defined twice is a `TypeError` naming both owners),
   * their middleware runs after the app's own in list order, and each `setup(app)` runs once every
   * route is registered.
   */
  readonly plugins?: readonly PluginDefinition[];
  /** WebSocket endpoints from `defineWebSocket`, served by `listen()`. */
  readonly websockets?: readonly WebSocketDefinition[];
  /**
   * Answers the requests that no endpoint serves, after authentication, rate limits and middleware,
   * in place of the 404 problem document. A server of pages uses it to answer unknown URLs with its
   * not-found page; it may still throw `KitError('not_found')` for the callers it does not serve.
   */
  readonly notFound?: (request: Request, ctx: KitContext) => Response | Promise<Response>;
}

/** What `KitConfig.clientKey` knows about a request. */
export interface ClientKeyArgs {
  readonly request: Request;
  readonly ctx: KitContext;
  /** Address of the connection, when the request came over a socket. */
  readonly remoteAddress: string | undefined;
}

/**
 * Identity function that type-checks the application's configuration.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { defineAPI, defineConfig } from '@kit/kit-core';
 *
 * export default defineConfig({
 *   info: { title: 'Greeter', version: '1.0.0' },
 *   routes: {
 *     'GET /api/hello': defineAPI({
 *       input: z.strictObject({ name: z.string() }),
 *       handler: async ({ input }) => ({ message: `Hello, ${input.name}` }),
 *     }),
 *   },
 * });
 * ```
 */
export function defineConfig(config: KitConfig): KitConfig {
  return config;
}

/**
 * The database of an app: which provider and where. `@kit/kit-db`'s `createDatabase` accepts it as
 * it is (with more options beside it).
 *
 * @example
 * ```ts
 * import { defineConfig, env } from '@kit/kit-core';
 *
 * export default defineConfig({ routes: {}, database: { provider: 'postgres', url: env('DATABASE_URL') } });
 * ```
 */
export interface DatabaseConfig {
  /** `sqlite` and `libsql` (files, or libSQL servers), `postgres` (PostgreSQL), `mysql` (MySQL and MariaDB). */
  readonly provider: 'sqlite' | 'libsql' | 'postgres' | 'mysql';
  /**
   * `sqlite`: a path, `file:<path>` or `:memory:`; `libsql`: `file:<path>`, `libsql://...` or
   * `http(s)://...`; `postgres`: `postgres://user:password@host:5432/name`; `mysql`:
   * `mysql://user:password@host:3306/name`.
   */
  readonly url: string;
}
