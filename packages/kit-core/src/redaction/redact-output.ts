import { redactSegments, redactedValue } from './redact-paths.js';

/**
 * A copy of `value` with the value at each of `paths` replaced by the string `"[redacted]"`: dotted
 * paths of property names, `*` matching every array element or every key (`email`, `customer.email`,
 * `items.*.email`), a number matching that array index. Paths that lead nowhere are ignored; a
 * property whose value is `undefined` stays absent. Only what a path reaches is copied; `value`
 * itself is never changed. What the registry applies to the output of a route whose policy answers
 * `redact`, exported for middleware and handlers that apply `PolicyDecision.redact` themselves.
 *
 * @example
 * ```ts
 * import { redactOutput } from '@kit/kit-core';
 *
 * const order = { id: 'o1', customer: { name: 'Ada', email: 'ada@example.com' }, items: [{ sku: 'a', email: 'x@example.com' }] };
 * console.log(redactOutput(order, ['customer.email', 'items.*.email']));
 * // { id: 'o1', customer: { name: 'Ada', email: '[redacted]' }, items: [ { sku: 'a', email: '[redacted]' } ] }
 * ```
 */
export function redactOutput(value: unknown, paths: readonly string[]): unknown {
  let result = value;
  for (const path of paths) {
    const segments = redactSegments(path);
    if (!segments)
      throw new TypeError(
        `redactOutput: ${JSON.stringify(path)?.slice(0, 60)} is not a dotted output path; write names separated by dots, with * for any key or array element, such as 'items.*.email'.`,
      );
    result = redactAt(result, segments, 0);
  }
  return result;
}

function redactAt(node: unknown, segments: readonly string[], index: number): unknown {
  if (index === segments.length) return node === undefined ? undefined : redactedValue;
  const segment = segments[index]!;
  if (Array.isArray(node)) {
    if (segment === '*') {
      let copy: unknown[] | undefined;
      node.forEach((element, position) => {
        const next = redactAt(element, segments, index + 1);
        if (next !== element) (copy ??= [...node])[position] = next;
      });
      return copy ?? node;
    }
    if (!/^\d+$/.test(segment) || Number(segment) >= node.length) return node;
    const position = Number(segment);
    const next = redactAt(node[position], segments, index + 1);
    if (next === node[position]) return node;
    const copy = [...node];
    copy[position] = next;
    return copy;
  }
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  const keys = segment === '*' ? Object.keys(record) : Object.hasOwn(record, segment) ? [segment] : [];
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    const next = redactAt(record[key], segments, index + 1);
    if (next === record[key]) continue;
    copy ??= { ...record };
    // defineProperty, so a key named `__proto__` stays an ordinary property of the copy.
    Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy ?? node;
}
