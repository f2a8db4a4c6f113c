import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { KitAIError } from '../errors/kit-ai-error.js';
import { describeValue } from '../llm/describe-value.js';
import { checkCount, checkPositiveNumber } from '../tasks/task-options.js';
import type { CallRequest } from '../agent/types.js';
import type { HarnessConfig, Verifier } from './harness-types.js';
import type { RunStore } from './types.js';

/** A harness configuration checked once, with its defaults. */
export interface HarnessSettings {
  config: HarnessConfig;
  store: RunStore;
  executeHere: boolean;
  leaseMs: number;
  pollIntervalMs: number;
  executorId: string;
  verify: Verifier[];
  maxVerifyRetries: number;
  /** The reason a call must wait for a person, or `undefined`. */
  approvalReason(call: CallRequest): string | undefined;
}

const STORE_METHODS = ['createRun', 'getRun', 'listRuns', 'updateRun', 'appendEvents', 'readEvents', 'claimRun', 'renewLease'] as const;

function fail(field: string, expectation: string, value: unknown): never {
  throw new KitAIError('invalid_config', `createHarness: ${field} must be ${expectation}, got ${describeValue(value)}`);
}

function milliseconds(field: string, value: number | undefined, fallback: number): number {
  checkPositiveNumber('createHarness', field, value, 'milliseconds');
  return value ?? fallback;
}

/** Checks `config` (`KitAIError('invalid_config')` naming the field) and fills in the defaults. */
export function harnessSettings(config: HarnessConfig): HarnessSettings {
  if (typeof config !== 'object' || config === null) fail('the config', 'an object { agent, store, ... }', config);
  if (typeof config.agent !== 'function' && (typeof config.agent !== 'object' || config.agent === null))
    fail('agent', 'a SmartAgentConfig or a function returning one', config.agent);
  const store = config.store as Partial<RunStore> | undefined;
  const missing = STORE_METHODS.find((method) => typeof store?.[method] !== 'function');
  if (missing) fail('store', `a RunStore (new MemoryRunStore(), or kitDbRunStore(db) of @kit/kit-db); it has no ${missing}()`, store);
  if (config.executeRuns !== undefined && config.executeRuns !== 'here' && config.executeRuns !== 'workers')
    fail('executeRuns', "'here' or 'workers'", config.executeRuns);
  const verify = config.verify ?? [];
  if (!Array.isArray(verify) || verify.some((check) => typeof check !== 'function')) fail('verify', 'an array of functions', verify);
  checkCount('createHarness', 'maxVerifyRetries', config.maxVerifyRetries);
  return {
    config,
    store: config.store,
    executeHere: config.executeRuns !== 'workers',
    leaseMs: milliseconds('leaseMs', config.leaseMs, 30_000),
    pollIntervalMs: milliseconds('pollIntervalMs', config.pollIntervalMs, 250),
    executorId: config.executorId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    verify,
    maxVerifyRetries: config.maxVerifyRetries ?? 2,
    approvalReason: approvalRule(config.requireApproval),
  };
}

function approvalRule(rule: HarnessConfig['requireApproval']): (call: CallRequest) => string | undefined {
  if (rule === undefined) return () => undefined;
  if (typeof rule === 'function') {
    return (call) => {
      const reason = rule(call);
      return typeof reason === 'string' && reason !== '' ? reason : undefined;
    };
  }
  if (!Array.isArray(rule) || rule.some((name) => typeof name !== 'string'))
    fail('requireApproval', 'an array of tool and task names, or a function', rule);
  const names = new Set(rule);
  return (call) => (names.has(call.name) ? `${call.name} waits for a person's approval` : undefined);
}
