/**
 * @kit/kit-core/compliance: EU AI Act primitives: the audit trail of every call, its stores, input
 * digests, the marking of AI-generated answers and the `/.well-known/ai-compliance` document. The main
 * entry exports `defineCompliance` too.
 */
export {
  defineCompliance,
  type Compliance,
  type ComplianceConfig,
  type ComplianceDocument,
  type RiskLevel,
} from './compliance/define-compliance.js';
export type { AuditQuery, AuditRangeQuery, AuditScope, AuditTrail } from './compliance/audit-trail.js';
export type { AuditEntry, AuditFilter, AuditStore } from './compliance/audit-types.js';
export { MemoryAuditStore, type MemoryAuditStoreOptions } from './compliance/memory-audit-store.js';
export { auditInputDigest } from './compliance/canonical-json.js';
export { aiDisclosureHeader, aiGeneratedHeader, aiMarkingOf, type AIGeneratedRoutes } from './compliance/transparency.js';
