import { KitAIError } from '@kit/kit-ai';
import { excerpt, isRecord, numberOf, stringOf } from './wire-values.js';

/** What a server said about a failure, read from its JSON error body. */
export interface VendorError {
  readonly message: string | undefined;
  /** A machine-readable code or type, such as `context_length_exceeded` or `invalid_request_error`. */
  readonly code: string | undefined;
  readonly type: string | undefined;
}

/**
 * Reads the error object of a JSON error body. Chat Completions servers send
 * `{ "error": { "message", "type", "code" } }`, Messages servers `{ "type": "error", "error":
 * { "type", "message" } }`; compatible servers vary (`{ "error": "text" }`, `{ "message" }`,
 * `{ "detail" }`), so each is tried.
 */
export function readVendorError(payload: unknown): VendorError {
  const root = Array.isArray(payload) ? payload[0] : payload;
  if (!isRecord(root)) return { message: undefined, code: undefined, type: undefined };
  const error = root.error;
  if (isRecord(error)) {
    const code = stringOf(error.code) ?? (numberOf(error.code) === undefined ? undefined : String(error.code));
    return { message: stringOf(error.message), code, type: stringOf(error.type) };
  }
  const detail = root.detail;
  const detailText = stringOf(detail) ?? (Array.isArray(detail) && isRecord(detail[0]) ? stringOf(detail[0].msg) : undefined);
  return { message: stringOf(error) ?? stringOf(root.message) ?? detailText, code: stringOf(root.code), type: stringOf(root.type) };
}

/** The same, from a body that may not be JSON at all. */
export function readVendorErrorText(bodyText: string): VendorError {
  try {
    return readVendorError(JSON.parse(bodyText));
  } catch {
    return { message: undefined, code: undefined, type: undefined };
  }
}

const contextCodes = new Set(['context_length_exceeded', 'exceed_context_size_error', 'model_context_window_exceeded']);
const contextWording =
  /maximum context length|context length exceeded|context[_ ]window|exceeds? (the )?(available )?context (size|limit)|exceed context limit|prompt is too long|too many tokens in the prompt|input is too long/i;

/**
 * Whether a failed call means the prompt did not fit the model's context window. Vendors signal it
 * with a 400 (some gateways a 413) carrying a dedicated code or a recognisable message.
 */
export function isContextOverflow(status: number | undefined, error: VendorError): boolean {
  if (status !== undefined && status !== 400 && status !== 413) return false;
  if ((error.code && contextCodes.has(error.code)) || (error.type && contextCodes.has(error.type))) return true;
  return error.message !== undefined && contextWording.test(error.message);
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) return 'check apiKey and that the key may use this model';
  if (status === 404) return 'check model and baseUrl';
  if (status === 408 || status === 409 || status === 429 || status >= 500) return 'retry later, or give the agent a fallbackLlm';
  if (status === 413) return 'shorten the request';
  return 'check the request options';
}

/**
 * Where a failure was reported: in the HTTP status of the answer, in an error event of a started
 * stream, or in the body of a whole answer that says it failed (a Responses answer whose `status`
 * is `failed`).
 */
export interface FailureOrigin {
  /** The HTTP status, or for an error event or a failed answer the status its error code stands for (when known). */
  readonly status: number | undefined;
  readonly inStream: boolean;
  readonly inAnswer?: boolean;
}

/** Builds the error of a failed call from what the server said. */
export function providerFailure(provider: string, url: string, origin: FailureOrigin, error: VendorError, rawBody?: string): KitAIError {
  const said = error.message ?? (rawBody && rawBody.trim() !== '' ? excerpt(rawBody) : 'no error message in the answer');
  const kind = error.type ? ` (${error.type})` : '';
  const where = origin.inStream
    ? `an error event${kind} in the stream from ${url}`
    : origin.inAnswer
      ? `a failed answer${kind} from ${url}`
      : `HTTP ${origin.status ?? 'error'} from ${url}`;
  const options = origin.status === undefined ? {} : { status: origin.status };
  // An error event or failed answer of unknown status is judged by its wording, as a 400 would be.
  if (isContextOverflow(origin.status ?? 400, error)) {
    return new KitAIError(
      'context_overflow',
      `${provider}: the prompt does not fit the model's context window (${where}: ${said}); compact the conversation or shorten the input`,
      options,
    );
  }
  const hint = origin.status === undefined ? 'retry later, or give the agent a fallbackLlm' : hintFor(origin.status);
  return new KitAIError('llm_http_error', `${provider}: ${where}: ${said} (${hint})`, options);
}

/** A failed HTTP answer: status and body as received. */
export function httpFailure(provider: string, url: string, status: number, bodyText: string): KitAIError {
  return providerFailure(provider, url, { status, inStream: false }, readVendorErrorText(bodyText), bodyText);
}
