import type { RegisteredRoute } from '../registry/capability-registry.js';
import { propertyType } from '../registry/json-schema.js';
import { KitError, invalidInput, type FieldIssue } from '../errors/kit-error.js';
import { quoteInput } from '../errors/problem.js';

/**
 * Largest JSON body accepted, in bytes; a larger one is answered 413.
 *
 * @example
 * ```ts
 * import { maxBodyBytes } from '@kit/kit-core';
 *
 * console.log(maxBodyBytes / 1024); // 64
 * ```
 */
export const maxBodyBytes = 64 * 1024;

/**
 * The raw input of a call: query-string parameters (typed by the route's schema) merged with the
 * fields of a JSON body. Schema validation comes after, in `CapabilityRegistry.invoke`.
 *
 * Rules: a JSON body must be an object of at most 64 KiB with a JSON content type; a parameter
 * may appear once in the query string; a field sent in both places must carry the same value.
 */
export async function readInput(request: Request, route: RegisteredRoute, body: ReadableStream<Uint8Array> | null): Promise<Record<string, unknown>> {
  const query = readQuery(new URL(request.url).searchParams, route);
  const fields = await readJsonBody(request, body);
  const issues: FieldIssue[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (field in query && !sameValue(query[field], value)) {
      issues.push({ field, message: 'is given in the query string and in the body with different values; send it once' });
    }
  }
  if (issues.length > 0) throw invalidInput(issues);
  return { ...query, ...fields };
}

/** Query parameters, each converted to the JSON type its schema declares; strict for numbers. */
function readQuery(params: URLSearchParams, route: RegisteredRoute): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  for (const field of new Set(params.keys())) {
    const all = params.getAll(field);
    if (all.length > 1) {
      issues.push({ field, message: 'is given more than once in the query string; send it once' });
      continue;
    }
    const raw = all[0] ?? '';
    const type = propertyType(route.inputSchema, field);
    const converted = convert(raw, type);
    if (converted.ok) values[field] = converted.value;
    else issues.push({ field, message: converted.message });
  }
  if (issues.length > 0) throw invalidInput(issues);
  return values;
}

type Conversion = { ok: true; value: unknown } | { ok: false; message: string };

const integerPattern = /^-?(?:0|[1-9]\d{0,15})$/;
const numberPattern = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function convert(raw: string, type: string | undefined): Conversion {
  switch (type) {
    case 'integer':
      return integerPattern.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, message: `must be a whole number written in digits, got ${quoteInput(raw)}` };
    case 'number':
      return numberPattern.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, message: `must be a decimal number, got ${quoteInput(raw)}` };
    case 'boolean':
      return raw === 'true' || raw === 'false' ? { ok: true, value: raw === 'true' } : { ok: false, message: `must be true or false, got ${quoteInput(raw)}` };
    default:
      return { ok: true, value: raw };
  }
}

async function readJsonBody(request: Request, body: ReadableStream<Uint8Array> | null): Promise<Record<string, unknown>> {
  if (body === null || request.method === 'HEAD') return {};
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (declared > maxBodyBytes) throw tooLarge();
  const bytes = await readLimited(body);
  if (bytes.length === 0) return {};
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(contentType)) {
    throw new KitError('unsupported_media_type', `The request body must be JSON: send it with Content-Type: application/json (got ${quoteInput(contentType || 'none')}).`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new KitError('invalid_input', 'The request body is not valid JSON; send a JSON object such as {"q":"agents"}.', {
      issues: [{ field: 'body', message: 'is not valid UTF-8 JSON' }],
    });
  }
  if (nestingDepth(parsed) > maxBodyDepth) {
    throw new KitError('invalid_input', `The request body nests deeper than ${maxBodyDepth} levels; send a flat JSON object of parameters, such as {"q":"agents"}.`, {
      issues: [{ field: 'body', message: `nests deeper than ${maxBodyDepth} levels` }],
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new KitError('invalid_input', 'The request body must be a JSON object of parameters, such as {"q":"agents"}.', {
      issues: [{ field: 'body', message: `must be a JSON object, got ${Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed}` }],
    });
  }
  return parsed as Record<string, unknown>;
}

/**
 * Deepest nesting a body may have. Parameters are flat; the bound keeps a hostile body (a 64 KiB
 * body can nest 30,000 levels) from reaching code that walks values recursively, such as
 * serialising them for comparison.
 */
const maxBodyDepth = 32;

/** Depth of a JSON value (a scalar is 0), walked without recursion and stopping past the bound. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > maxBodyDepth) return deepest;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Reads a body stream, failing as soon as it passes the limit so a huge body is never buffered. */
async function readLimited(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(): KitError {
  return new KitError('payload_too_large', `The request body is larger than ${maxBodyBytes / 1024} KiB; send fewer or shorter parameters.`);
}

/** Equality of two JSON values, as a query-string value and a body value are compared. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
