/**
 * @kit/kit-core/http: the pieces a kit app's HTTP edge is made of, for code that serves or tests requests
 * itself (a custom Node server, a protocol endpoint mounted with `app.mount`): problem documents, JSON
 * answers with their validator, the request context, the body limits, the guard of a Node server and the
 * security headers of HTML pages.
 */
export { asKitError, toProblem, type Problem } from './errors/problem.js';
export { contextFor } from './http/context.js';
export { requestHeaderOf } from './http/incoming-header.js';
export { jsonResponse, problemResponse } from './http/responses.js';
export { formatServerSentEvent } from './http/event-stream.js';
export { maxBodyBytes, defaultBodyTimeoutMs } from './http/read-input.js';
export { guardHttpServer, type HttpGuardOptions, type HttpRefusal } from './http/guard-http-server.js';
export { problemForRequestError } from './http/request-error.js';
export { HeaderRecord, headerRecord, responseWithHeaderRecord, unreadHeaderRecord } from './http/header-record.js';
export {
  defaultContentSecurityPolicy,
  pageSecurityPolicy,
  type PageSecurityHeaders,
  type PageSecurityPolicy,
  type ReferrerPolicyValue,
} from './http/page-security.js';
