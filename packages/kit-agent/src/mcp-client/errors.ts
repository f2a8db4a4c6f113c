import { KitAIError } from '@kit/kit-ai';

/** JSON-RPC codes the SDK uses for its own failures (`ErrorCode.ConnectionClosed`, `ErrorCode.RequestTimeout`). */
const connectionClosedCode = -32000;
const requestTimeoutCode = -32001;

/** Errors of Node's sockets and child processes that mean the other side is gone. */
const connectionErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ENOENT',
  'EACCES',
]);

interface McpErrorLike {
  readonly name: string;
  readonly code: number;
  readonly message: string;
}

function isMcpError(error: unknown): error is McpErrorLike {
  return error instanceof Error && error.name === 'McpError' && typeof (error as { code?: unknown }).code === 'number';
}

function errnoOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The message of an error without the SDK's `MCP error -32602: ` prefix, and its cause's when it adds the reason. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The SDK prefixes the code once when the server throws and once more when the client receives it.
  const message = error.message.replace(/^(MCP error -?\d+: )+/, '').replace(/[.;]+$/, '');
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  const text = cause && !message.includes(cause) ? `${message} (${cause})` : message;
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/** How a request failed: the connection is unusable, the server was too slow, or it answered with an error. */
export type FailureKind = 'connection' | 'timeout' | 'request';

/**
 * Sorts a failure of the SDK. The connection is unusable when it closed (the process exited, the
 * stream ended), when the transport could not send (a refused socket, an HTTP error status from the
 * endpoint), or when the client was not connected; anything else the server answered.
 */
export function failureKind(error: unknown): FailureKind {
  if (isMcpError(error)) {
    if (error.code === requestTimeoutCode) return 'timeout';
    return error.code === connectionClosedCode ? 'connection' : 'request';
  }
  if (!(error instanceof Error)) return 'request';
  if (error.name === 'ZodError') return 'request';
  if (error instanceof TypeError || error.message.startsWith('Streamable HTTP error') || error.message === 'Not connected')
    return 'connection';
  const errno = errnoOf(error);
  return errno !== undefined && connectionErrnos.has(errno) ? 'connection' : 'request';
}

/** `"tools/call" of "search"`: how an error names the request. */
export function describeRequest(method: string, subject?: string): string {
  return subject === undefined
    ? `"${method}"`
    : `"${method}" of ${JSON.stringify(subject.length > 100 ? `${subject.slice(0, 100)}…` : subject)}`;
}

/** What the message of a failed request needs besides the error. */
export interface FailureContext {
  readonly label: string;
  readonly request: string;
  readonly timeoutMs: number;
  /** The end of a stdio server's standard error, when captured. */
  readonly stderrTail: string;
}

function stderrNote(tail: string): string {
  return tail ? `; its standard error ended with: ${JSON.stringify(tail.slice(-300))}` : '';
}

/**
 * The `KitAIError` of a failed request: `mcp_timeout` naming the limit, `mcp_connection_failed` for a
 * connection that dropped (the next call reconnects), `mcp_request_failed` quoting the server's answer.
 */
export function requestError(error: unknown, context: FailureContext): KitAIError {
  const kind = failureKind(error);
  const { label, request } = context;
  if (kind === 'timeout') {
    return new KitAIError(
      'mcp_timeout',
      `${label}: ${request} got no answer within ${context.timeoutMs} ms; raise timeoutMs if the server is slow, or check that it is still working.`,
      { cause: error },
    );
  }
  if (kind === 'connection') {
    return new KitAIError(
      'mcp_connection_failed',
      `${label}: the connection failed during ${request}: ${reasonOf(error)}${stderrNote(context.stderrTail)}; the next call reconnects.`,
      { cause: error },
    );
  }
  return new KitAIError('mcp_request_failed', `${label}: the server refused ${request}: ${reasonOf(error)}.`, { cause: error });
}

/** The `KitAIError` of a connection that could not be made: `mcp_timeout` when the server never answered, else `mcp_connection_failed`. */
export function connectError(
  error: unknown,
  context: { label: string; attempts: number; connectTimeoutMs: number; stderrTail: string; target: string },
): KitAIError {
  if (failureKind(error) === 'timeout') {
    return new KitAIError(
      'mcp_timeout',
      `${context.label}: ${context.target} did not answer "initialize" within ${context.connectTimeoutMs} ms${stderrNote(context.stderrTail)}; check that it speaks MCP on this transport, or raise connectTimeoutMs.`,
      { cause: error },
    );
  }
  const tries = context.attempts === 1 ? '' : ` after ${context.attempts} attempts`;
  return new KitAIError(
    'mcp_connection_failed',
    `${context.label}: could not connect to ${context.target}${tries}: ${reasonOf(error)}${stderrNote(context.stderrTail)}; check that the server starts and answers MCP.`,
    { cause: error },
  );
}
