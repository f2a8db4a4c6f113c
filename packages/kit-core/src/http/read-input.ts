import type { RegisteredRoute } from '../registry/capability-registry.js';
import { propertyType } from '../registry/json-schema.js';
import { KitError, invalidInput, type FieldIssue } from '../errors/kit-error.js';
import { quoteInput } from '../errors/problem.js';
import { bodyTooLarge, isJsonType, readLimited, type BodyLimits, type BodySource } from './body-guard.js';

/**
 * Largest request body an app reads, in bytes, unless `KitConfig.maxBodyBytes` (or, for one mounted
 * endpoint, the `maxBodyBytes` option of `app.mount`) says otherwise: a route's JSON body, a form
 * posted to a mounted handler, any body. A larger one is answered 413.
 *
 * @example
 * ```ts
 * import { maxBodyBytes } from '@kit/kit-core/http';
 *
 * console.log(maxBodyBytes / 1024); // 64
 * ```
 */
export const maxBodyBytes = 64 * 1024;

/**
 * How long a request body may take to arrive once the endpoint reads it, in milliseconds, unless
 * `KitConfig.bodyTimeoutMs` (or the `bodyTimeoutMs` option of `app.mount`) says otherwise; a body
 * still incomplete then is answered 408 and its connection closed.
 *
 * @example
 * ```ts
 * import { defaultBodyTimeoutMs } from '@kit/kit-core/http';
 *
 * console.log(defaultBodyTimeoutMs); // 5000
 * ```
 */
export const defaultBodyTimeoutMs = 5_000;

/** Input as read from the request: it inherits nothing, so any parameter name is just a key. */
export type RawInput = Record<string, unknown>;

/**
 * The raw input of a call: the route's path parameters and its query-string parameters (both typed by
 * the route's schema) merged with the fields of a JSON body. Schema validation comes after, in
 * `CapabilityRegistry.invoke`.
 *
 * Rules: a JSON body must be an object of at most `limits.maxBytes` (64 KiB by default) with a JSON
 * content type, and arrive whole within `limits.timeoutMs`; a parameter may appear once in the query string; a field sent in more than
 * one place (path, query string, body) must carry the same value everywhere. The objects built here
 * inherit nothing: a parameter named `__proto__`, `constructor` or `toString` is an ordinary (and,
 * to a strict schema, unknown) name, never a property inherited from `Object.prototype`, and nothing a
 * caller sends can reach it.
 *
 * `pathValues` are the values the router bound to the route's `:name` segments, already URI-decoded;
 * only the names in `route.pathParameters` are read from it.
 */
export async function readInput(
  request: Request,
  route: RegisteredRoute,
  body: BodySource | null,
  limits: BodyLimits = defaultLimits,
  pathValues: Readonly<Record<string, string>> = {},
): Promise<RawInput> {
  if (body === null) return readInputWithoutBody(request.url, route, pathValues);
  const issues: FieldIssue[] = [];
  const path = readPath(pathValues, route, issues);
  const query = readQuery(request.url, route, issues);
  if (issues.length > 0) throw invalidInput(issues);
  return mergeInput(path, query, await readJsonBody(request, route, body, limits));
}

/**
 * `readInput` for a request without a body (most calls: a GET), done at once: no promise to wait for,
 * which is most of the cost of reading the input of a call whose only parameters are in its URL.
 */
export function readInputWithoutBody(url: string, route: RegisteredRoute, pathValues: Readonly<Record<string, string>> = {}): RawInput {
  const issues: FieldIssue[] = [];
  // Path and query issues are reported together, so one answer names every badly typed parameter.
  const path = readPath(pathValues, route, issues);
  const query = readQuery(url, route, issues);
  if (issues.length > 0) throw invalidInput(issues);
  // Most calls have neither a body nor path parameters: their input is the query as it is.
  return route.pathParameters.length === 0 ? query : mergeInput(path, query, emptyInput());
}

/** One input of the path values, query and body of a call; a field sent in two places must agree. */
function mergeInput(path: RawInput, query: RawInput, fields: RawInput): RawInput {
  const issues: FieldIssue[] = [];
  for (const field of Object.keys(path)) {
    if (Object.hasOwn(query, field) && !sameValue(path[field], query[field])) {
      issues.push({ field, message: 'is given in the path and in the query string with different values; send it once, in the path' });
    }
    if (Object.hasOwn(fields, field) && !sameValue(path[field], fields[field])) {
      issues.push({ field, message: 'is given in the path and in the body with different values; send it once, in the path' });
    }
  }
  for (const field of Object.keys(fields)) {
    if (Object.hasOwn(query, field) && !Object.hasOwn(path, field) && !sameValue(query[field], fields[field])) {
      issues.push({ field, message: 'is given in the query string and in the body with different values; send it once' });
    }
  }
  if (issues.length > 0) throw invalidInput(issues);
  return Object.assign(emptyInput(), query, fields, path);
}

const defaultLimits: BodyLimits = { maxBytes: maxBodyBytes, timeoutMs: defaultBodyTimeoutMs };

/**
 * The objects input is read into. Their prototype inherits nothing (so `constructor` or `__proto__` is
 * an own key like any other, and a missing field reads as undefined), yet they are ordinary objects to
 * V8: one made with `Object.create(null)` is a dictionary, which makes validating it five times slower.
 */
class InputRecord {}
Object.setPrototypeOf(InputRecord.prototype, null);
delete (InputRecord.prototype as { constructor?: unknown }).constructor;

/** An object that inherits nothing; assigning `__proto__` to it makes an own key like any other. */
function emptyInput(): RawInput {
  return new InputRecord() as RawInput;
}

/** Path parameters, each converted to the JSON type its schema declares, as query parameters are. */
function readPath(pathValues: Readonly<Record<string, string>>, route: RegisteredRoute, issues: FieldIssue[]): RawInput {
  const values = emptyInput();
  for (const field of route.pathParameters) {
    if (!Object.hasOwn(pathValues, field)) continue;
    convertInto(values, issues, field, pathValues[field]!, route);
  }
  return values;
}

/**
 * Query parameters of a request URL, each converted to the JSON type its schema declares; strict for
 * numbers. Only the query is parsed (the server parsed the rest of the URL already); a fragment is
 * not read.
 */
function readQuery(url: string, route: RegisteredRoute, issues: FieldIssue[]): RawInput {
  const values = emptyInput();
  const start = url.indexOf('?');
  if (start < 0) return values;
  const hash = url.indexOf('#', start);
  const search = hash < 0 ? url.slice(start + 1) : url.slice(start + 1, hash);
  const first = new Map<string, string>();
  let repeated: Set<string> | undefined;
  forEachQueryPair(search, (field, value) => {
    if (first.has(field)) (repeated ??= new Set()).add(field);
    else first.set(field, value);
  });
  for (const [field, value] of first) {
    if (repeated?.has(field)) issues.push({ field, message: 'is given more than once in the query string; send it once' });
    else convertInto(values, issues, field, value, route);
  }
  return values;
}

/**
 * Visits the name and value pairs of a query string. One without `%` or `+` (most) needs no decoding
 * and is split here, without building arrays; any other is decoded by `URLSearchParams`, which is
 * what the split must agree with.
 */
function forEachQueryPair(search: string, visit: (name: string, value: string) => void): void {
  if (search.includes('%') || search.includes('+')) {
    // The constructor drops a leading `?`, which here belongs to the first name (`/a??x=1` names `?x`).
    for (const [name, value] of new URLSearchParams(search.startsWith('?') ? `&${search}` : search)) visit(name, value);
    return;
  }
  for (let start = 0; start < search.length;) {
    let end = search.indexOf('&', start);
    if (end < 0) end = search.length;
    if (end > start) {
      const equals = search.indexOf('=', start);
      if (equals < 0 || equals > end) visit(search.slice(start, end), '');
      else visit(search.slice(start, equals), search.slice(equals + 1, end));
    }
    start = end + 1;
  }
}

/** Converts one text parameter (of the path or the query string) to its schema's type, or records why not. */
function convertInto(values: RawInput, issues: FieldIssue[], field: string, raw: string, route: RegisteredRoute): void {
  const converted = convert(raw, propertyType(route.inputSchema, field));
  if (converted.ok) values[field] = converted.value;
  else issues.push({ field, message: converted.message });
}

type Conversion = { ok: true; value: unknown } | { ok: false; message: string };

const integerPattern = /^-?(?:0|[1-9]\d{0,15})$/;
const numberPattern = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function convert(raw: string, type: string | undefined): Conversion {
  switch (type) {
    case 'integer':
      return integerPattern.test(raw)
        ? { ok: true, value: Number(raw) }
        : { ok: false, message: `must be a whole number written in digits, got ${quoteInput(raw)}` };
    case 'number':
      return numberPattern.test(raw)
        ? { ok: true, value: Number(raw) }
        : { ok: false, message: `must be a decimal number, got ${quoteInput(raw)}` };
    case 'boolean':
      return raw === 'true' || raw === 'false'
        ? { ok: true, value: raw === 'true' }
        : { ok: false, message: `must be true or false, got ${quoteInput(raw)}` };
    default:
      return { ok: true, value: raw };
  }
}

async function readJsonBody(request: Request, route: RegisteredRoute, body: BodySource, limits: BodyLimits): Promise<RawInput> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
  const bytes = await readLimited(body, limits, Number.isNaN(declared) ? undefined : declared, parametersHint);
  if (bytes.length === 0) return emptyInput();
  const contentType = request.headers.get('content-type') ?? '';
  if (!isJsonType(contentType)) {
    throw new KitError(
      'unsupported_media_type',
      `The request body must be JSON: send it with Content-Type: application/json (got ${quoteInput(contentType.split(';')[0]!.trim().toLowerCase() || 'none')}).`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new KitError(
      'invalid_input',
      `The request body is not valid UTF-8; send JSON text encoded as UTF-8, such as ${bodyExample(route)}.`,
      {
        issues: [{ field: 'body', message: 'is not valid UTF-8' }],
      },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new KitError('invalid_input', `The request body is not valid JSON; send a JSON object such as ${bodyExample(route)}.`, {
      issues: [{ field: 'body', message: 'is not valid JSON' }],
    });
  }
  if (nestingDepth(parsed) > maxBodyDepth) {
    throw new KitError(
      'invalid_input',
      `The request body nests deeper than ${maxBodyDepth} levels; send a flat JSON object of parameters, such as ${bodyExample(route)}.`,
      {
        issues: [{ field: 'body', message: `nests deeper than ${maxBodyDepth} levels` }],
      },
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new KitError('invalid_input', `The request body must be a JSON object of parameters, such as ${bodyExample(route)}.`, {
      issues: [
        {
          field: 'body',
          message: `must be a JSON object, got ${Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed}`,
        },
      ],
    });
  }
  // JSON.parse makes `__proto__` an own key already; copying keeps the no-prototype rule for the merge.
  return Object.assign(emptyInput(), parsed);
}

/**
 * A JSON object with one of the route's own parameters, for the messages above (`{"title":"…"}`), so
 * the example fits the route it is sent to; `{}` for a route whose parameters are all in its path.
 */
function bodyExample(route: RegisteredRoute): string {
  const properties = (route.inputSchema.properties ?? {}) as Record<string, unknown>;
  const field = Object.keys(properties).find((name) => !route.pathParameters.includes(name));
  if (field === undefined) return '{}';
  const type = propertyType(route.inputSchema, field);
  const value =
    type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : type === 'array' ? [] : type === 'object' ? {} : '…';
  return JSON.stringify({ [field]: value });
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

/** What a caller of a route whose JSON body is too large can do about it. */
const parametersHint = 'send fewer or shorter parameters';

function tooLarge(maxBytes: number): KitError {
  return bodyTooLarge(maxBytes, parametersHint);
}

/** Equality of two JSON values, as the path, query-string and body values of one field are compared. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
