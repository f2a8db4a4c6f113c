/**
 * @kit/kit-ops: the operations kernel of kit. An append-only SQLite store of typed events (requests,
 * policy decisions, approvals, agent runs, tool calls, job runs, reloads, errors), incidents opened and
 * resolved from event patterns, health snapshots, indexed queries and a live tail, with one-call hooks
 * for kit-core apps and kit-ai agents.
 */
export { createOpsStore, type OpsRetention, type OpsStore, type OpsStoreOptions } from './create-ops-store.js';
export { KitOpsError, type KitOpsErrorCode } from './kit-ops-error.js';
export {
  opsEventKinds,
  type OpsEvent,
  type OpsEventData,
  type OpsEventFilter,
  type OpsEventInput,
  type OpsEventKind,
  type OpsExtra,
  type OpsHealthSnapshot,
  type OpsHealthStatus,
  type OpsIncident,
  type OpsIncidentFilter,
  type OpsIncidentRule,
  type OpsMatch,
  type OpsPruneResult,
  type OpsQuery,
  type OpsStatus,
  type OpsTailOptions,
  type OpsTime,
} from './types.js';
export { opsMiddleware, type OpsMiddlewareOptions } from './ops-middleware.js';
export { agentOpsHooks, type AgentOpsHooksOptions } from './agent-ops-hooks.js';
export { composeAgentHooks } from './compose-agent-hooks.js';
export { cronOpsEvents, type CronOpsEventsOptions } from './cron-ops-events.js';
