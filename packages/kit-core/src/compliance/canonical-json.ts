import { createHash } from 'node:crypto';

/**
 * JSON text of `value` that is the same for equal values however they were built: object keys
 * sorted, no whitespace, `toJSON` honoured (dates), `undefined` members left out, `bigint` written as
 * its decimal digits. A cycle is written as the string `"[cycle]"` rather than thrown, since a
 * digest of the input must never make a call fail.
 */
export function canonicalJson(value: unknown): string {
  const seen = new Set<object>();
  const write = (item: unknown): string | undefined => {
    if (item !== null && typeof item === 'object' && typeof (item as { toJSON?: unknown }).toJSON === 'function')
      item = (item as { toJSON: () => unknown }).toJSON();
    switch (typeof item) {
      case 'string':
      case 'boolean':
        return JSON.stringify(item);
      case 'number':
        return Number.isFinite(item) ? JSON.stringify(item) : 'null';
      case 'bigint':
        return JSON.stringify(item.toString());
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
      default:
        break;
    }
    if (item === null) return 'null';
    const object = item as object;
    if (seen.has(object)) return '"[cycle]"';
    seen.add(object);
    let text: string;
    if (Array.isArray(object)) {
      text = `[${object.map((element) => write(element) ?? 'null').join(',')}]`;
    } else {
      const members: string[] = [];
      for (const key of Object.keys(object).sort()) {
        const member = write((object as Record<string, unknown>)[key]);
        if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
      }
      text = `{${members.join(',')}}`;
    }
    seen.delete(object);
    return text;
  };
  return write(value) ?? 'null';
}

/**
 * SHA-256, lowercase hex, of the canonical JSON of `value`: the `inputDigest` of an `AuditEntry`.
 * Compute it for an input you know to find the entries of calls that had it.
 *
 * @example
 * ```ts
 * import { auditInputDigest, defineCompliance } from '@kit/kit-core/compliance';
 *
 * const compliance = defineCompliance({ system: { name: 'Assistant', purpose: 'Refunds' }, riskLevel: 'high' });
 * const digest = auditInputDigest({ orderId: 'o-17', amount: 120 }); // key order does not matter
 * const refunds = (await compliance.auditTrail.list({ limit: 1000 })).filter((entry) => entry.inputDigest === digest);
 * ```
 */
export function auditInputDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
