/** Limits of one shrinking pass over a JSON value. */
interface ShrinkLimits {
  chars: number;
  items: number;
  keys: number;
  depth: number;
}

function shrink(value: unknown, limits: ShrinkLimits, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length > limits.chars ? `${value.slice(0, limits.chars)}…[${value.length - limits.chars} more characters]` : value;
  }
  if (Array.isArray(value)) {
    if (depth >= limits.depth) return `[array of ${value.length} items]`;
    const kept = value.slice(0, limits.items).map((item) => shrink(item, limits, depth + 1));
    if (value.length > limits.items) kept.push(`[… ${value.length - limits.items} more items]`);
    return kept;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (depth >= limits.depth) return `[object with ${entries.length} keys]`;
    const kept: Record<string, unknown> = {};
    for (const [key, item] of entries.slice(0, limits.keys)) kept[key] = shrink(item, limits, depth + 1);
    if (entries.length > limits.keys) kept['…'] = `${entries.length - limits.keys} more keys`;
    return kept;
  }
  return value;
}

/** Nesting depth of a JSON value (0 for a scalar). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce<number>((deepest, item) => Math.max(deepest, depthOf(item)), 0);
  if (typeof value === 'object' && value !== null)
    return 1 + Object.values(value).reduce<number>((deepest, item) => Math.max(deepest, depthOf(item)), 0);
  return 0;
}

/** The depth kept while lengths are still being cut: the top three levels say most about a result. */
const KEPT_DEPTH = 3;

/**
 * One step tighter: strings first; then, in turns, halving very deep nesting (down to 3 levels) and
 * halving array lengths and key counts; then removing levels one by one. `false` when nothing is left to tighten.
 */
function tighten(limits: ShrinkLimits, round: number): boolean {
  if (limits.chars > 8) {
    limits.chars = Math.max(8, Math.floor(limits.chars / 2));
    return true;
  }
  const lengthsLeft = limits.items > 1 || limits.keys > 1;
  if (limits.depth > KEPT_DEPTH && (round % 2 === 0 || !lengthsLeft)) {
    limits.depth = Math.max(KEPT_DEPTH, Math.floor(limits.depth / 2));
    return true;
  }
  if (lengthsLeft) {
    limits.items = Math.max(1, Math.floor(limits.items / 2));
    limits.keys = Math.max(1, Math.floor(limits.keys / 2));
    return true;
  }
  if (limits.depth > 0) {
    limits.depth -= 1;
    return true;
  }
  return false;
}

/**
 * Shortens a JSON text to at most `maxChars` characters while keeping it valid JSON: long strings
 * are cut with a note of how much was cut, long arrays keep their first items and end with a marker
 * element, objects with many keys keep their first keys and a `"…"` key, and nesting past a depth
 * becomes a one-line description. Limits tighten step by step (see `tighten`) until the text fits; when even the tightest pass does not fit, the result is a JSON string
 * saying how long the original was.
 */
export function truncateJson(json: string, maxChars: number): string {
  if (json.length <= maxChars) return json;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = json;
  }
  const limits: ShrinkLimits = {
    chars: Math.max(8, maxChars),
    items: Math.max(1, maxChars),
    keys: Math.max(1, maxChars),
    depth: depthOf(value),
  };
  for (let round = 0; round < 200; round++) {
    const text = JSON.stringify(shrink(value, limits, 0));
    if (text.length <= maxChars) return text;
    if (!tighten(limits, round)) break;
  }
  return JSON.stringify(`[result of ${json.length} characters omitted]`);
}
