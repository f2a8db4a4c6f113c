import { KitAIError } from '../errors/kit-ai-error.js';
import type { AgentTask, AgentTaskExecutionContext, ToolArgs } from '../tools/types.js';
import {
  checkBaseOptions,
  checkPositiveNumber,
  configError,
  declaredTask,
  describeValue,
  messageOf,
  type TaskBaseOptions,
} from './task-options.js';
import { taskDeadline } from './task-deadline.js';

/** Options of `createRemoteTask`. */
export interface RemoteTaskOptions extends TaskBaseOptions {
  /** An http(s) URL, or a function building it from the call's arguments (it then owns the whole URL: no query is added). */
  url: string | ((args: ToolArgs) => string);
  /**
   * Default `POST`. `POST`, `PUT` and `PATCH` send a JSON body (the call's arguments, or what `body` makes of
   * them); `GET`, `HEAD` and `DELETE` send the arguments as query parameters instead (unless `url` is a function).
   */
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Request headers (an `Authorization` header, ...), or a function of the call's arguments; they override the defaults. */
  headers?: Record<string, string> | ((args: ToolArgs) => Record<string, string>);
  /** Builds the JSON body from the call's arguments (for `POST`, `PUT`, `PATCH`). Default: the arguments themselves. */
  body?: (args: ToolArgs) => unknown;
  /** Statuses that count as success. Default: any 2xx. */
  expectedStatus?: number[];
  /** Largest response body read, in bytes; a longer one fails the call. Default 10485760 (10 MiB). */
  maxResponseBytes?: number;
}

/** What a remote task returns. */
export interface RemoteTaskResult {
  status: number;
  /** Response headers, names in lower case (repeated headers joined with `, `). */
  headers: Record<string, string>;
  /** Parsed JSON when the content type is JSON (`application/json`, `...+json`), else the text; `null` for an empty body. */
  body: unknown;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const defaultMaxResponseBytes = 10_485_760;
const bodyExcerptChars = 200;

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function checkRemoteOptions(options: unknown): asserts options is RemoteTaskOptions {
  const factory = 'createRemoteTask';
  checkBaseOptions(factory, options);
  const { name, url, method, headers, body, expectedStatus, maxResponseBytes } = options as RemoteTaskOptions & Record<string, unknown>;
  const label = `task "${name}"`;
  if (typeof url !== 'function' && !(typeof url === 'string' && parseHttpUrl(url))) {
    throw configError(
      factory,
      `${label}: url must be an http(s) URL such as "https://api.example.com/orders" or a function of the call's arguments, got ${describeValue(url)}.`,
    );
  }
  if (method !== undefined && !(typeof method === 'string' && methods.has(method))) {
    throw configError(factory, `${label}: method must be one of GET, HEAD, POST, PUT, PATCH, DELETE, got ${describeValue(method)}.`);
  }
  if (headers !== undefined && typeof headers !== 'function') {
    if (
      typeof headers !== 'object' ||
      headers === null ||
      Array.isArray(headers) ||
      !Object.values(headers).every((value) => typeof value === 'string')
    ) {
      throw configError(
        factory,
        `${label}: headers must be an object of header names to strings, or a function of the call's arguments, got ${describeValue(headers)}.`,
      );
    }
  }
  if (body !== undefined) {
    if (typeof body !== 'function')
      throw configError(factory, `${label}: body must be a function of the call's arguments, got ${describeValue(body)}.`);
    if (!bodyMethods.has(method ?? 'POST'))
      throw configError(factory, `${label}: body is set but ${method} sends no body; use POST, PUT or PATCH, or drop body.`);
  }
  if (
    expectedStatus !== undefined &&
    !(
      Array.isArray(expectedStatus) &&
      expectedStatus.length > 0 &&
      expectedStatus.every((status) => Number.isInteger(status) && status >= 100 && status <= 599)
    )
  ) {
    throw configError(
      factory,
      `${label}: expectedStatus must be a non-empty array of HTTP statuses (100 to 599), got ${describeValue(expectedStatus)}.`,
    );
  }
  checkPositiveNumber(factory, `${label}: maxResponseBytes`, maxResponseBytes, 'bytes');
}

function appendQuery(url: URL, args: ToolArgs): void {
  const text = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const element of value) url.searchParams.append(key, text(element));
    else url.searchParams.append(key, text(value));
  }
}

/** Reads a body up to `limit` bytes; `undefined` when it is longer. */
async function readLimited(response: Response, limit: number): Promise<Buffer | undefined> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
}

/**
 * A task that makes one HTTP call with the global `fetch`. `POST`, `PUT` and `PATCH` (default `POST`) send the
 * call's arguments as a JSON body (or what `body` makes of them), with `content-type: application/json`;
 * `GET`, `HEAD` and `DELETE` send them as query parameters (lists repeat the name, objects go as JSON), except
 * when `url` is a function, which then builds the whole URL. Every request has an `accept` header preferring
 * JSON, then text, then anything, unless `headers` sets its own.
 *
 * Result: `{ status, headers, body }`, the body parsed when the content type is JSON. A status outside
 * `expectedStatus` (default 2xx) fails with `KitAIError('tool_failed')` whose `status` is set and whose
 * message names the method, the URL (without its query), the status and the first 200 characters of the
 * body. An unreachable server, a JSON body that does not parse or a body over `maxResponseBytes` fail with
 * `tool_failed` too; `timeoutMs` gives `tool_timeout` and an aborted `context.signal` gives `aborted`, both closing the request.
 * Redirects are followed. Default `parameters`: `{ type: 'object' }`. Bad options throw
 * `KitAIError('invalid_config')`.
 *
 * @example
 * ```ts
 * import { createRemoteTask } from '@kit/kit-ai';
 *
 * const createTicket = createRemoteTask({
 *   name: 'create_ticket',
 *   description: 'Open a support ticket with a title and a priority.',
 *   url: 'https://helpdesk.example.com/api/tickets',
 *   method: 'POST',
 *   headers: { authorization: `Bearer ${process.env.HELPDESK_TOKEN ?? ''}` },
 *   parameters: {
 *     type: 'object',
 *     properties: { title: { type: 'string' }, priority: { enum: ['low', 'normal', 'high'] } },
 *     required: ['title'],
 *   },
 *   expectedStatus: [201],
 *   timeoutMs: 15_000,
 * });
 * const lookup = createRemoteTask({
 *   name: 'get_order',
 *   description: 'Fetch an order by id.',
 *   method: 'GET',
 *   url: (args) => `https://shop.example.com/api/orders/${encodeURIComponent(String(args.id))}`,
 * });
 * ```
 */
export function createRemoteTask(options: RemoteTaskOptions): AgentTask {
  checkRemoteOptions(options);
  const { name, timeoutMs } = options;
  const method = options.method ?? 'POST';
  const expected = options.expectedStatus ? new Set(options.expectedStatus) : undefined;
  const maxResponseBytes = options.maxResponseBytes ?? defaultMaxResponseBytes;
  const label = `createRemoteTask "${name}"`;

  function urlFor(args: ToolArgs): URL {
    if (typeof options.url === 'string') {
      const url = new URL(options.url);
      if (!bodyMethods.has(method)) appendQuery(url, args);
      return url;
    }
    const built: unknown = options.url(args);
    const url = typeof built === 'string' ? parseHttpUrl(built) : undefined;
    if (!url) throw new KitAIError('invalid_config', `${label}: the url function must return an http(s) URL, got ${describeValue(built)}.`);
    return url;
  }

  async function execute(args: ToolArgs, context: AgentTaskExecutionContext): Promise<RemoteTaskResult> {
    const callArgs = args ?? {};
    const url = urlFor(callArgs);
    const shown = `${method} ${url.origin}${url.pathname}`;
    const headers = new Headers({ accept: 'application/json, text/*;q=0.9, */*;q=0.8' });
    let body: string | undefined;
    if (bodyMethods.has(method)) {
      body = JSON.stringify(options.body ? options.body(callArgs) : callArgs) ?? 'null';
      headers.set('content-type', 'application/json');
    }
    const extra = typeof options.headers === 'function' ? options.headers(callArgs) : options.headers;
    for (const [key, value] of Object.entries(extra ?? {})) headers.set(key, value);

    const deadline = taskDeadline(label, context?.signal, timeoutMs);
    try {
      const already = deadline.reason();
      if (already) throw already;
      let response: Response;
      try {
        response = await deadline.race(fetch(url, { method, headers, body, signal: deadline.signal, redirect: 'follow' }));
      } catch (error) {
        if (deadline.reason()) throw deadline.reason();
        const cause = (error as { cause?: unknown }).cause;
        const detail = cause instanceof Error ? cause.message : messageOf(error);
        throw new KitAIError('tool_failed', `${label}: cannot reach ${shown}: ${detail}; check the URL and that the server is up.`, {
          cause: error,
        });
      }
      const raw = await deadline.race(readLimited(response, maxResponseBytes));
      if (raw === undefined) {
        throw new KitAIError(
          'tool_failed',
          `${label}: ${shown} answered more than ${maxResponseBytes} bytes (maxResponseBytes); ask for less data or raise maxResponseBytes.`,
          { status: response.status },
        );
      }
      const text = raw.toString('utf8');
      const ok = expected ? expected.has(response.status) : response.status >= 200 && response.status < 300;
      if (!ok) {
        const excerpt = text.slice(0, bodyExcerptChars);
        throw new KitAIError(
          'tool_failed',
          `${label}: ${shown} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}, expected ${expected ? [...expected].join(' or ') : '2xx'}; body: ${excerpt === '' ? '(empty)' : excerpt}`,
          { status: response.status },
        );
      }
      const headerRecord: Record<string, string> = {};
      response.headers.forEach((value, key) => {
        headerRecord[key] = value;
      });
      const contentType = response.headers.get('content-type') ?? '';
      let parsed: unknown = text === '' ? null : text;
      if (text !== '' && /^application\/([\w.-]+\+)?json\b/i.test(contentType)) {
        try {
          parsed = JSON.parse(text) as unknown;
        } catch (error) {
          throw new KitAIError(
            'tool_failed',
            `${label}: ${shown} said its body is JSON (${contentType}) but it does not parse: ${messageOf(error)}; body: ${text.slice(0, bodyExcerptChars)}`,
            {
              status: response.status,
              cause: error,
            },
          );
        }
      }
      return { status: response.status, headers: headerRecord, body: parsed };
    } finally {
      deadline.dispose();
    }
  }

  return { ...declaredTask(options, 'remote'), execute };
}
