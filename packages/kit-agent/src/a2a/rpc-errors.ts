import type { A2ASdk } from './sdk.js';

/** The id of a JSON-RPC request, echoed in its response. */
export type RpcId = string | number | null;

/** JSON-RPC error codes this package answers itself; the SDK maps the A2A errors (-32001 to -32009). */
export const rpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;
const internalError = rpcCodes.internalError;

/**
 * The SDK words an error that is not one of its own with the error's message, which may name
 * internals (a property of the decoder, a path); such an answer (code -32603 without the
 * `ErrorInfo` every A2A error carries) gets a generic message instead.
 */
export function withoutInternals(answer: object): unknown {
  const error = (answer as { error?: { code?: unknown; data?: unknown } }).error;
  if (!error || error.code !== internalError || error.data !== undefined) return answer;
  return { ...answer, error: { code: internalError, message: 'Internal error: the agent failed to answer this request.' } };
}

/** An A2A error as the SDK words it; anything else as a generic internal error that reveals nothing. */
export function rpcErrorOf(error: unknown, sdk: A2ASdk): { code: number; message: string; data?: unknown } {
  if (error instanceof sdk.errors.A2AError) return sdk.errors.toJsonRpcError(error);
  return { code: internalError, message: 'Internal error: the agent failed to answer this request.' };
}

/** An A2A error as the SDK's 0.3 compatibility layer words it (0.3 codes, no `ErrorInfo`); anything else as in `rpcErrorOf`. */
export function legacyRpcErrorOf(error: unknown, sdk: A2ASdk): { code: number; message: string; data?: unknown } {
  if (error instanceof sdk.errors.A2AError) return sdk.legacy.LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error);
  return { code: internalError, message: 'Internal error: the agent failed to answer this request.' };
}

/** A JSON-RPC error response. */
export function rpcError(id: RpcId, code: number, message: string, status = 200): Response {
  return jsonResponse({ jsonrpc: '2.0', id, error: { code, message } }, status);
}

/** A JSON answer, one JSON-RPC response. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
