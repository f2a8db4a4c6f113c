import type { JsonSchema } from '../registry/json-schema.js';
import { redactSegments, redactedValue } from './redact-paths.js';

type Node = Record<string, unknown>;

/**
 * The output JSON Schema of a route whose policy may redact: every place a redact path reaches also
 * accepts the string `"[redacted]"`, so the OpenAPI document and the MCP tool describe redacted
 * answers truthfully (MCP clients validate tool results against the tool's output schema). The
 * schema given is not changed.
 */
export function redactableSchema(schema: JsonSchema, paths: readonly string[]): JsonSchema {
  const root = structuredClone(schema) as Node;
  const widened = new WeakSet<Node>();
  for (const path of paths) {
    const segments = redactSegments(path);
    if (segments) widenAt(root, root, segments, 0, widened, new Set());
  }
  return root;
}

function widenAt(root: Node, node: unknown, segments: readonly string[], index: number, widened: WeakSet<Node>, seen: Set<string>): void {
  // `true` and `{}` accept anything already; `false` accepts nothing, so there is nothing to redact.
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const schema = node as Node;
  if (index === segments.length) {
    widen(schema, widened);
    return;
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) widenAt(root, branch, segments, index, widened, seen);
  }
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    // A recursive schema reaches the same definition again; each (definition, depth) is visited once.
    const visit = `${ref}@${index}`;
    const definition = (root.$defs as Node | undefined)?.[ref.slice('#/$defs/'.length)];
    if (!seen.has(visit)) {
      seen.add(visit);
      widenAt(root, definition, segments, index, widened, seen);
    }
  }
  const segment = segments[index]!;
  const next = (child: unknown) => widenAt(root, child, segments, index + 1, widened, seen);
  const properties = isNode(schema.properties) ? schema.properties : undefined;
  const patterns = isNode(schema.patternProperties) ? schema.patternProperties : undefined;
  if (segment === '*') {
    if (properties) for (const child of Object.values(properties)) next(child);
    if (patterns) for (const child of Object.values(patterns)) next(child);
    next(schema.additionalProperties);
    next(schema.items);
    if (Array.isArray(schema.prefixItems)) for (const child of schema.prefixItems) next(child);
    return;
  }
  if (properties && Object.hasOwn(properties, segment)) next(properties[segment]);
  else if (patterns && Object.entries(patterns).some(([pattern]) => matches(pattern, segment))) {
    for (const [pattern, child] of Object.entries(patterns)) if (matches(pattern, segment)) next(child);
  } else next(schema.additionalProperties);
  if (/^\d+$/.test(segment)) {
    const position = Number(segment);
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    next(position < prefix.length ? prefix[position] : schema.items);
  }
}

/** Turns `schema` in place into `anyOf: [what it was, "[redacted]"]`, so references to it follow. */
function widen(schema: Node, widened: WeakSet<Node>): void {
  if (widened.has(schema)) return;
  widened.add(schema);
  const original: Node = { ...schema };
  for (const key of Object.keys(schema)) delete schema[key];
  // Annotations stay at the top, where documentation tools look for them.
  for (const key of ['title', 'description']) {
    if (key in original) {
      schema[key] = original[key];
      delete original[key];
    }
  }
  schema.anyOf = [original, { type: 'string', const: redactedValue }];
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    return false;
  }
}
