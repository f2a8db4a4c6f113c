import { createHash } from 'node:crypto';
import type { ApprovalRequester } from './types.js';

/**
 * JSON with the keys of every object sorted, so two inputs that differ only in key order have one
 * text. Otherwise it is `JSON.stringify`: `toJSON` is honoured (dates become ISO strings), undefined
 * properties are dropped; a bigint is written as its decimal digits. Throws on cycles.
 */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, current: unknown) => {
      if (typeof current === 'bigint') return current.toString();
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return current;
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(current).sort()) {
        // A key named `__proto__` must become an own property, not the prototype.
        Object.defineProperty(sorted, key, {
          value: (current as Record<string, unknown>)[key],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return sorted;
    }) ?? 'null'
  );
}

/**
 * The fingerprint of a call: SHA-256 (hex) of the action, the requester's auth type and subject, and
 * the canonical JSON of the input. Two calls share it exactly when the same caller asks for the same
 * action with the same input.
 */
export function approvalFingerprint(action: string, requestedBy: ApprovalRequester, input: unknown): string {
  const text = JSON.stringify([
    action,
    requestedBy.authType,
    requestedBy.subject ?? null,
    canonicalJson(input === undefined ? null : input),
  ]);
  return createHash('sha256').update(text).digest('hex');
}
