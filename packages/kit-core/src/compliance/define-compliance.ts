import type { KitApp } from '../app/kit-app.js';
import { jsonResponse } from '../http/responses.js';
import type { PluginDefinition } from '../plugins/define-plugin.js';
import type { RegisteredRoute } from '../registry/capability-registry.js';
import { createAuditTrail, type AuditScope, type AuditTrail } from './audit-trail.js';
import type { AuditEntry, AuditStore } from './audit-types.js';
import { MemoryAuditStore } from './memory-audit-store.js';
import {
  aiDisclosureHeader,
  aiGeneratedHeader,
  recordMarking,
  selectRoutes,
  transparencyMiddleware,
  type AIGeneratedRoutes,
} from './transparency.js';

/**
 * Risk levels of the EU AI Act an AI system can be deployed at. The fourth, `unacceptable`
 * (prohibited practices, Art. 5), is refused by `defineCompliance`.
 */
export type RiskLevel = 'minimal' | 'limited' | 'high';

const riskLevels: readonly RiskLevel[] = ['minimal', 'limited', 'high'];

/** The configuration of `defineCompliance`. */
export interface ComplianceConfig {
  /** The AI system: its name and intended purpose, as the provider states them. */
  readonly system: { readonly name: string; readonly purpose: string };
  /** Who provides the system and how to reach them about it. */
  readonly provider?: { readonly name: string; readonly contact: string };
  /** The system's risk level; `high` makes the audit trail record every caller. */
  readonly riskLevel: RiskLevel;
  /**
   * Transparency of AI-generated content (Art. 50): the disclosure shown to people, and the routes whose
   * successful answers are AI-generated (route keys, or a test of each route). Those answers carry
   * `Kit-AI-Generated: true` and `Kit-AI-Disclosure: <disclosure>`.
   */
  readonly transparency?: { readonly disclosure: string; readonly routes: AIGeneratedRoutes };
  /** Record keeping (Art. 12): where audit entries go and whose calls they cover. */
  readonly audit?: {
    /** Default: a `MemoryAuditStore` of 10 000 entries. `RedisStore` keeps them for every replica. */
    readonly store?: AuditStore;
    /** `agents` (the default) records calls of agents only; `all` every call. A `high` risk level always records `all`. */
    readonly scope?: AuditScope;
    /** Told when the store fails to keep an entry. Default: a line on standard error with the entry's id and action. */
    readonly onError?: (error: unknown, entry: AuditEntry) => void;
  };
}

/** The document served at `/.well-known/ai-compliance`. */
export interface ComplianceDocument {
  readonly regulation: string;
  readonly system: { readonly name: string; readonly purpose: string };
  readonly provider?: { readonly name: string; readonly contact: string };
  readonly riskLevel: RiskLevel;
  /** How AI-generated answers are marked, and which routes give them; absent without `transparency`. */
  readonly transparency?: {
    readonly disclosure: string;
    readonly headers: { readonly generated: string; readonly disclosure: string };
    readonly routes: readonly { readonly method: string; readonly path: string; readonly operationId: string }[];
  };
  readonly auditTrail: { readonly kept: true; readonly scope: AuditScope };
}

/** The plugin `defineCompliance` returns, with the audit trail it keeps. */
export interface Compliance extends PluginDefinition {
  readonly riskLevel: RiskLevel;
  /** The record of calls: `list`, `entries`, `export` (JSON Lines), `flush`. */
  readonly auditTrail: AuditTrail;
}

/** Where the compliance document is served. */
export const complianceDocumentPath = '/.well-known/ai-compliance';
const regulation = 'EU AI Act (Regulation (EU) 2024/1689)';

/**
 * Primitives for the duties the EU AI Act puts on an AI system, as a plugin for `KitConfig.plugins`:
 *
 * - Record keeping: every finished call of a route (over HTTP, MCP, A2A or `registry.invoke`) by an
 *   agent, or by anyone with `scope: 'all'` or a `high` risk level, becomes an `AuditEntry` in the
 *   audit store, with a SHA-256 digest of the input instead of the input.
 * - Transparency: successful answers of the routes named in `transparency.routes` carry
 *   `Kit-AI-Generated: true` and `Kit-AI-Disclosure` (the disclosure, percent-encoded outside ASCII).
 * - Disclosure: `GET /.well-known/ai-compliance` describes the system, its provider, risk level,
 *   marking and audit trail as JSON.
 *
 * A configuration the Act does not allow, or that is malformed, throws a `TypeError`: `unacceptable`
 * risk (a prohibited practice, Art. 5), an unknown risk level, a missing system name or purpose.
 * One compliance plugin serves one app. Whether a system meets the Act remains a legal assessment.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createKitApp, defineAPI, defineCompliance } from '@kit/kit-core';
 *
 * const compliance = defineCompliance({
 *   system: { name: 'Ticket assistant', purpose: 'Drafts answers to support tickets' },
 *   provider: { name: 'Example GmbH', contact: 'ai@example.com' },
 *   riskLevel: 'limited',
 *   transparency: { disclosure: 'This answer was drafted by an AI system.', routes: ['POST /api/drafts'] },
 * });
 *
 * const app = createKitApp({
 *   routes: {
 *     'POST /api/drafts': defineAPI({
 *       input: z.strictObject({ ticket: z.string() }),
 *       handler: async ({ input }) => ({ draft: `About ${input.ticket}: ...` }),
 *     }),
 *   },
 *   plugins: [compliance],
 * });
 * const lastHour = await compliance.auditTrail.export({ since: new Date(Date.now() - 3_600_000) });
 * ```
 */
export function defineCompliance(config: ComplianceConfig): Compliance {
  checkConfig(config);
  const { riskLevel } = config;
  // A high-risk system must keep records of every use, whoever the caller (Art. 12).
  const scope: AuditScope = riskLevel === 'high' ? 'all' : (config.audit?.scope ?? 'agents');
  const store = config.audit?.store ?? new MemoryAuditStore();
  const { trail, record } = createAuditTrail(store, scope, config.audit?.onError ?? logAuditFailure);
  const marking = config.transparency ? transparencyMiddleware(config.transparency.disclosure) : undefined;
  let setUp = false;

  const setup = (app: KitApp) => {
    if (setUp)
      throw new TypeError(
        'defineCompliance: this compliance plugin already serves another app; call defineCompliance once per app (they may share one audit store)',
      );
    setUp = true;
    const marked = config.transparency ? selectRoutes(app.registry, config.transparency.routes) : [];
    marking?.use(marked);
    if (config.transparency) recordMarking(app.registry, marked, config.transparency.disclosure);
    app.registry.observe(record);
    const document = describe(config, scope, marked);
    app.get(complianceDocumentPath, async (request) => jsonResponse(request, document));
  };

  return {
    name: 'compliance',
    riskLevel,
    auditTrail: trail,
    ...(marking ? { middleware: [marking.middleware] } : {}),
    setup,
  };
}

function describe(config: ComplianceConfig, scope: AuditScope, marked: readonly RegisteredRoute[]): ComplianceDocument {
  return {
    regulation,
    system: { name: config.system.name, purpose: config.system.purpose },
    ...(config.provider ? { provider: { name: config.provider.name, contact: config.provider.contact } } : {}),
    riskLevel: config.riskLevel,
    ...(config.transparency
      ? {
          transparency: {
            disclosure: config.transparency.disclosure,
            headers: { generated: aiGeneratedHeader, disclosure: aiDisclosureHeader },
            routes: marked.map((route) => ({ method: route.method, path: route.path, operationId: route.operationId })),
          },
        }
      : {}),
    auditTrail: { kept: true, scope },
  };
}

function checkConfig(config: ComplianceConfig): void {
  if (typeof config !== 'object' || config === null)
    throw new TypeError('defineCompliance: pass a configuration { system, riskLevel, ... }');
  const level = (config as { riskLevel?: unknown }).riskLevel;
  if (level === 'unacceptable') {
    throw new TypeError(
      'defineCompliance: riskLevel "unacceptable" is a prohibited AI practice under the EU AI Act (Art. 5) and cannot be deployed; change what the system does, or classify it as minimal, limited or high',
    );
  }
  if (!riskLevels.includes(level as RiskLevel)) {
    throw new TypeError(
      `defineCompliance: riskLevel must be one of ${riskLevels.map((value) => `"${value}"`).join(', ')}, got ${JSON.stringify(level) ?? 'undefined'}`,
    );
  }
  const system = config.system as { name?: unknown; purpose?: unknown } | undefined;
  for (const field of ['name', 'purpose'] as const) {
    if (typeof system?.[field] !== 'string' || system[field].trim() === '') {
      throw new TypeError(
        `defineCompliance: system.${field} must be a non-empty string (the system's ${field === 'name' ? 'name' : 'intended purpose'}), got ${JSON.stringify(system?.[field]) ?? 'undefined'}`,
      );
    }
  }
  if (config.provider !== undefined) {
    for (const field of ['name', 'contact'] as const) {
      const value = (config.provider as { name?: unknown; contact?: unknown })[field];
      if (typeof value !== 'string' || value.trim() === '')
        throw new TypeError(`defineCompliance: provider.${field} must be a non-empty string, got ${JSON.stringify(value) ?? 'undefined'}`);
    }
  }
  if (config.transparency !== undefined) {
    const { disclosure, routes } = config.transparency;
    if (
      typeof disclosure !== 'string' ||
      disclosure.trim() === '' ||
      disclosure.length > 1000 ||
      /[\u0000-\u001f\u007f]/.test(disclosure)
    ) {
      throw new TypeError(
        'defineCompliance: transparency.disclosure must be one line of text, 1 to 1000 characters without control characters, such as "This answer was generated by an AI system."',
      );
    }
    const keyPattern = /^(GET|POST|PUT|PATCH|DELETE) \/\S*$/;
    if (
      typeof routes !== 'function' &&
      !(Array.isArray(routes) && routes.every((key) => typeof key === 'string' && keyPattern.test(key)))
    ) {
      throw new TypeError(
        "defineCompliance: transparency.routes must be route keys such as ['POST /api/drafts'], or a function (route) => boolean",
      );
    }
  }
  const audit = config.audit;
  if (audit?.scope !== undefined && audit.scope !== 'agents' && audit.scope !== 'all') {
    throw new TypeError(`defineCompliance: audit.scope must be "agents" or "all", got ${JSON.stringify(audit.scope)}`);
  }
  if (audit?.store !== undefined && (typeof audit.store.appendAudit !== 'function' || typeof audit.store.readAudit !== 'function')) {
    throw new TypeError(
      'defineCompliance: audit.store must have appendAudit(entry) and readAudit(filter), like MemoryAuditStore and RedisStore',
    );
  }
}

function logAuditFailure(error: unknown, entry: AuditEntry): void {
  const detail = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `kit: the audit store failed to keep entry ${entry.id} (${entry.action} by ${entry.actor.subject ?? entry.actor.authType}, request ${entry.requestId}): ${detail}\n`,
  );
}
