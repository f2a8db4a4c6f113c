import type { ForeignQuery } from '../judge.js';

/**
 * Questions about the Hono documentation (honojs/website `docs/`, VitePress), written here after
 * reading the pages. Every third query (the third, sixth, …) is held out of tuning.
 */
export const HONO_QUERIES: readonly ForeignQuery[] = [
  { q: 'how do I read query string parameters', kind: 'concept', page: 'api/request', heading: 'query()', failureMode: 'concept' },
  { q: 'testClient', kind: 'identifier', page: 'helpers/testing', heading: 'testClient()' },
  {
    q: 'type-safe client for testing my routes',
    kind: 'natural-language',
    page: 'helpers/testing',
    heading: 'testClient()',
    failureMode: 'identifier-parts',
  },
  {
    q: 'get a path parameter from the URL',
    kind: 'concept',
    page: 'api/request',
    heading: 'param()',
    also: [{ page: 'api/routing', heading: 'Path Parameter' }],
    failureMode: 'concept',
  },
  { q: 'set a response header', kind: 'how-to', page: 'api/context', heading: 'header()', failureMode: 'neighbour' },
  { q: 'read a request header like User-Agent', kind: 'how-to', page: 'api/request', heading: 'header()', failureMode: 'neighbour' },
  { q: 'how do I set a cookie', kind: 'how-to', page: 'helpers/cookie', heading: ['Regular cookies', 'setCookie & setSignedCookie'] },
  { q: 'signed cookies with a secret', kind: 'natural-language', page: 'helpers/cookie', heading: 'Signed cookies' },
  {
    q: 'limit the size of the request body',
    kind: 'how-to',
    page: 'middleware/builtin/body-limit',
    heading: ['Overview', 'Usage', 'maxSize: number'],
  },
  { q: 'bodyLimit maxSize default', kind: 'config-option', page: 'middleware/builtin/body-limit', heading: 'maxSize: number' },
  {
    q: 'allow cross-origin requests from another domain',
    kind: 'how-to',
    page: 'middleware/builtin/cors',
    heading: ['Usage', 'origin: string | string[] | (origin:string, c:Context) => string'],
  },
  {
    q: 'cors allowMethods',
    kind: 'config-option',
    page: 'middleware/builtin/cors',
    heading: 'allowMethods: string[] | (origin:string, c:Context) => string[]',
  },
  { q: 'redirect to another URL', kind: 'how-to', page: 'api/context', heading: 'redirect()', failureMode: 'concept' },
  { q: 'custom 404 not found response', kind: 'natural-language', page: 'api/hono', heading: 'Not Found' },
  { q: 'handle uncaught errors globally', kind: 'natural-language', page: 'api/hono', heading: 'Error Handling' },
  {
    q: 'throw an HTTPException with a status code',
    kind: 'identifier',
    page: 'api/exception',
    heading: ['Throwing HTTPExceptions', 'Overview'],
  },
  { q: 'mount a group of routes under a base path', kind: 'how-to', page: 'api/routing', heading: ['Base path', 'Grouping'] },
  { q: 'which route wins when two routes match', kind: 'natural-language', page: 'api/routing', heading: 'Routing priority' },
  { q: 'stream server-sent events', kind: 'natural-language', page: 'helpers/streaming', heading: 'streamSSE()' },
  { q: 'upgradeWebSocket', kind: 'identifier', page: 'helpers/websocket', heading: 'upgradeWebSocket()' },
  { q: 'get the client IP address', kind: 'concept', page: 'helpers/conninfo', heading: ['Overview', 'Usage'], failureMode: 'concept' },
  {
    q: 'abort a request that takes too long',
    kind: 'natural-language',
    page: 'middleware/builtin/timeout',
    heading: ['Overview', 'Usage'],
  },
  { q: 'verify a JWT token without the middleware', kind: 'how-to', page: 'helpers/jwt', heading: 'verify()', failureMode: 'neighbour' },
  {
    q: 'jwt middleware secret option',
    kind: 'config-option',
    page: 'middleware/builtin/jwt',
    heading: 'secret: string',
    failureMode: 'neighbour',
  },
  { q: 'serve static files with Bun', kind: 'how-to', page: 'getting-started/bun', heading: 'Serve static files' },
  { q: 'access KV or R2 bindings in Cloudflare Workers', kind: 'how-to', page: 'getting-started/cloudflare-workers', heading: 'Bindings' },
  { q: 'read environment variables on any runtime', kind: 'concept', page: 'helpers/adapter', heading: 'env()', failureMode: 'concept' },
  {
    q: 'print all registered routes to the console',
    kind: 'concept',
    page: 'helpers/dev',
    heading: 'showRoutes()',
    failureMode: 'concept',
  },
  {
    q: 'create middleware',
    kind: 'identifier-as-words',
    page: 'helpers/factory',
    heading: 'createMiddleware()',
    also: [{ page: 'guides/middleware', heading: 'Custom Middleware' }],
  },
  {
    q: 'pass a value from middleware to the handler',
    kind: 'natural-language',
    page: 'api/context',
    heading: ['set() / get()', 'var'],
    also: [{ page: 'guides/middleware', heading: 'Extending the Context in Middleware' }],
  },
  { q: 'order in which middleware runs', kind: 'natural-language', page: 'guides/middleware', heading: 'Execution order' },
  { q: 'InferResponseType', kind: 'identifier', page: 'guides/rpc', heading: 'Infer' },
  {
    q: 'gzip compression of responses',
    kind: 'natural-language',
    page: 'middleware/builtin/compress',
    heading: ['Overview', 'Usage', "encoding: 'gzip' | 'deflate'"],
  },
  {
    q: 'protect routes with a username and password',
    kind: 'how-to',
    page: 'middleware/builtin/basic-auth',
    heading: ['Overview', 'Usage'],
  },
  {
    q: 'upload a file with multipart form data',
    kind: 'how-to',
    page: 'api/request',
    heading: ['parseBody()', 'Multiple files'],
    failureMode: 'concept',
  },
  {
    q: 'get the registered route pattern inside a handler',
    kind: 'natural-language',
    page: 'helpers/route',
    heading: 'routePath()',
    also: [{ page: 'api/request', heading: 'routePath' }],
  },
  { q: 'access the raw Node.js request', kind: 'how-to', page: 'getting-started/nodejs', heading: 'Access the raw Node.js APIs' },
  {
    q: 'content security policy header',
    kind: 'natural-language',
    page: 'middleware/builtin/secure-headers',
    heading: 'Setting Content-Security-Policy',
  },
  { q: 'set the HTTP status code', kind: 'how-to', page: 'api/context', heading: 'status()' },
  { q: 'validate form data without a library', kind: 'how-to', page: 'guides/validation', heading: 'Manual validator' },
  {
    q: 'trailing slash redirect',
    kind: 'natural-language',
    page: 'middleware/builtin/trailing-slash',
    heading: ['Overview', 'Usage', 'alwaysRedirect: boolean'],
  },
  { q: 'unique id for every request', kind: 'natural-language', page: 'middleware/builtin/request-id', heading: ['Overview', 'Usage'] },
];

/**
 * A second held-out batch, written after tuning had begun and run only for the final figures (the
 * first held-out third's totals had been looked at during tuning; see bench/search-foreign/README.md).
 */
export const HONO_LATE_QUERIES: readonly ForeignQuery[] = [
  { q: 'css animation with keyframes', kind: 'natural-language', page: 'helpers/css', heading: 'keyframes' },
  {
    q: 'treat /hello and /hello/ as the same route',
    kind: 'natural-language',
    page: 'api/hono',
    heading: 'strict mode',
    also: [{ page: 'middleware/builtin/trailing-slash', heading: ['Overview', 'Usage'] }],
  },
  {
    q: 'forward a request to another backend server',
    kind: 'concept',
    page: 'helpers/proxy',
    heading: ['proxy()', 'Overview', 'Examples'],
    failureMode: 'concept',
  },
  { q: 'block clients by IP address', kind: 'how-to', page: 'middleware/builtin/ip-restriction', heading: ['Overview', 'Usage'] },
  {
    q: "detect the user's preferred language",
    kind: 'natural-language',
    page: 'middleware/builtin/language',
    heading: ['Overview', 'Basic Usage'],
  },
  { q: 'generate a static site from my app', kind: 'how-to', page: 'helpers/ssg', heading: ['Overview', 'toSSG', 'Manual'] },
  { q: 'cache responses with the Cache API', kind: 'natural-language', page: 'middleware/builtin/cache', heading: ['Overview', 'Usage'] },
  { q: 'return a 404 from inside a handler', kind: 'how-to', page: 'api/context', heading: 'notFound()', failureMode: 'neighbour' },
  {
    q: 'log the method and path of every request',
    kind: 'how-to',
    page: 'middleware/builtin/logger',
    heading: ['Overview', 'Usage', 'Logging Details'],
  },
  { q: 'group JSX elements without a wrapper element', kind: 'natural-language', page: 'guides/jsx', heading: 'Fragment' },
  { q: 'parse a JSON request body', kind: 'how-to', page: 'api/request', heading: 'json()', failureMode: 'neighbour' },
  { q: 'remove a cookie', kind: 'how-to', page: 'helpers/cookie', heading: ['deleteCookie', 'Regular cookies'] },
];

/**
 * A third held-out batch, written on 2026-11-28 from pages and sections no earlier question names,
 * after that day's ranking changes were chosen; it was never used to choose anything.
 */
export const HONO_FRESH_QUERIES: readonly ForeignQuery[] = [
  {
    q: 'check an API token sent in the Authorization header',
    kind: 'how-to',
    page: 'middleware/builtin/bearer-auth',
    heading: ['Overview', 'Usage'],
  },
  { q: 'weak etag', kind: 'config-option', page: 'middleware/builtin/etag', heading: 'weak: boolean' },
  {
    q: 'send PUT or DELETE from an HTML form',
    kind: 'concept',
    page: 'middleware/builtin/method-override',
    heading: ['Overview', 'Usage', 'For example'],
    failureMode: 'concept',
  },
  {
    q: 'indent JSON responses so they are easy to read',
    kind: 'concept',
    page: 'middleware/builtin/pretty-json',
    heading: ['Overview', 'Usage'],
    failureMode: 'concept',
  },
  {
    q: 'get the current context outside of a handler',
    kind: 'natural-language',
    page: 'middleware/builtin/context-storage',
    heading: ['Overview', 'Usage', 'tryGetContext'],
  },
  {
    q: 'content negotiation with the Accept header',
    kind: 'natural-language',
    page: 'helpers/accepts',
    heading: ['accepts()', 'Overview'],
  },
  { q: 'write HTML with a tagged template literal', kind: 'natural-language', page: 'helpers/html', heading: ['html', 'Overview'] },
  {
    q: 'test my app by sending it requests without a server',
    kind: 'how-to',
    page: 'guides/testing',
    heading: ['Overview', 'Request and Response'],
    also: [{ page: 'helpers/testing', heading: ['Overview', 'testClient()'] }],
  },
  { q: 'read the Lambda event object', kind: 'how-to', page: 'getting-started/aws-lambda', heading: 'Access AWS Lambda Object' },
  {
    q: 'run a middleware when any one of several conditions holds',
    kind: 'natural-language',
    page: 'middleware/builtin/combine',
    heading: 'some',
    failureMode: 'neighbour',
  },
  {
    q: 'smallest preset for bundle size',
    kind: 'natural-language',
    page: 'api/presets',
    heading: ['hono/tiny', 'Which preset should I use?'],
  },
  {
    q: 'report handler timings in a response header',
    kind: 'concept',
    page: 'middleware/builtin/timing',
    heading: ['Overview', 'Usage'],
    failureMode: 'concept',
  },
];
