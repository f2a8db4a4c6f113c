/**
 * @kit/kit-core: typed routes, the capability registry and its OpenAPI projection, policies,
 * middleware, configuration, and the app that serves them. The optional parts have entries of their own
 * as well: `@kit/kit-core/redis`, `/websocket` and `/compliance`; the pieces of the HTTP edge, for code
 * that serves or tests requests itself, are in `@kit/kit-core/http`.
 */
export {
  defineAPI,
  type APIDefinition,
  type APIResponse,
  type Capability,
  type EventStreamContext,
  type ServerSentEvent,
} from './definitions/define-api.js';
export { defineConfig, type ClientKeyArgs, type DatabaseConfig, type KitConfig } from './definitions/define-config.js';
export { servesAsTool, type AnyAPIDefinition, type AppInfo, type HttpMethod, type RouteKey } from './definitions/routes.js';
export {
  defineMiddleware,
  type Authenticator,
  type MiddlewareDefinition,
  type MiddlewareHandler,
} from './definitions/define-middleware.js';
export { definePolicy, type PolicyCheckResult, type PolicyDefinition, type PolicyEffect } from './definitions/define-policy.js';
export { enforcePolicies, type PolicyDecision } from './definitions/enforce-policies.js';
export { env } from './definitions/env.js';
export type { AuthIdentity, AuthMethod, AuthType, ConnectionInfo, KitContext } from './definitions/context.js';
export {
  CapabilityRegistry,
  operationIdFor,
  type CallEvent,
  type CallObserver,
  type CallOutcome,
  type RegisteredRoute,
} from './registry/capability-registry.js';
export { toOpenAPI, type OpenAPIDocument } from './registry/openapi.js';
export type { JsonSchema } from './registry/json-schema.js';
export { KitError, invalidInput, kitErrorCodes, type FieldIssue, type KitErrorCode, type KitErrorOptions } from './errors/kit-error.js';
export { quoteInput } from './errors/problem.js';
export type { PageSecurityHeaders, ReferrerPolicyValue } from './http/page-security.js';
export { createKitApp } from './app/create-kit-app.js';
export type {
  KitApp,
  KitRequestListener,
  KitServer,
  ListenOptions,
  MountOptions,
  RawHandler,
  RequestListenerOptions,
} from './app/kit-app.js';
export type { ResponseCacheOptions, ResponseCacheStats } from './response-cache/response-cache-options.js';
export {
  defineRateLimit,
  parseWindow,
  MemoryStore,
  RedisStore,
  type MemoryStoreOptions,
  type RateLimitConfig,
  type RateLimitDefinition,
  type RateLimitHit,
  type RateLimitRule,
  type RateLimitStore,
  type RedisStoreOptions,
  type ReplayStore,
  type ResolvedRateLimitRule,
} from './rate-limit/index.js';

// Approvals: routes whose policy answers `approve`, and the functions that decide them.
export {
  createApproval,
  resolveApproval,
  getApproval,
  listApprovals,
  clearApprovals,
  type ApprovalDecision,
  type ApprovalRequest,
  type ApprovalStoreOption,
} from './approvals/approvals.js';
export { MemoryApprovalStore, type MemoryApprovalStoreOptions } from './approvals/memory-approval-store.js';
export { ApprovalRequiredError, type PendingApprovalBody } from './approvals/approval-required-error.js';
export { ApprovalDeniedError } from './approvals/approval-denied-error.js';
export { ApprovalLimitError, type ApprovalLimitReason } from './approvals/approval-limit-error.js';
export type { ApprovalOptions } from './approvals/options.js';
export type { ApprovalView } from './approvals/approval-record.js';
export type {
  Approval,
  ApprovalChange,
  ApprovalLimits,
  ApprovalRequester,
  ApprovalStatus,
  ApprovalStore,
  ApprovalTransition,
} from './approvals/types.js';
export { redactOutput } from './redaction/redact-output.js';

// Plugins, WebSockets and compliance: extensions of the app, live connections, EU AI Act primitives.
export { definePlugin, type PluginDefinition } from './plugins/define-plugin.js';
export { defineWebSocket, type WebSocketDefinition, type WebSocketHandlers, type WebSocketOptions } from './websocket/define-websocket.js';
export type { KitSocket, WebSocketMessage } from './websocket/kit-socket.js';
export type { WebSocketService } from './websocket/serve-websockets.js';
export { WebSocketRoom, type WebSocketRoomOptions } from './websocket/websocket-room.js';
export {
  defineCompliance,
  type Compliance,
  type ComplianceConfig,
  type ComplianceDocument,
  type RiskLevel,
} from './compliance/define-compliance.js';
