import type { JsonRpcTransportHandler } from '@a2a-js/sdk/server';
import type { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { paramsProblem } from './check-params.js';
import { legacyParamsProblem, withBlockingDefault } from './legacy-params.js';
import { chooseProtocol } from './protocol-version.js';
import { readBody } from './read-body.js';
import { rememberOrigin, type HttpOrigin } from './registry-executor.js';
import { jsonResponse, legacyRpcErrorOf, rpcCodes, rpcError, withoutInternals, type RpcId } from './rpc-errors.js';
import { a2aLegacyProtocolVersion, a2aProtocolVersion, type A2ASdk } from './sdk.js';
import { streamResponse } from './sse-response.js';

const { parseError, invalidRequest, methodNotFound, invalidParams } = rpcCodes;

/** What answering a JSON-RPC request over HTTP needs. */
export interface JsonRpcEndpoint {
  readonly sdk: A2ASdk;
  readonly transport: JsonRpcTransportHandler;
  /** The SDK's 0.3 transport over the same request handler: it translates 0.3 requests and answers. */
  readonly legacyTransport: LegacyJsonRpcTransportHandler;
  readonly maxBodyBytes: number;
}

/**
 * Answers one HTTP request carrying one A2A JSON-RPC request, in A2A 1.0 (header `A2A-Version: 1.0`,
 * methods such as `SendMessage`) or in 0.3 (no header, methods such as `message/send`, translated by
 * the SDK's compatibility layer): a JSON answer for every method but the streaming ones
 * (`SendStreamingMessage`, `SubscribeToTask`, `message/stream`, `tasks/resubscribe`), which answer
 * with server-sent events, one JSON-RPC response per `data:` event. Errors are JSON-RPC error
 * responses with HTTP status 200, except a body over the limit (413) and a fault of the server
 * itself (500).
 */
export async function answerJsonRpc(
  request: Request,
  requestId: string,
  endpoint: JsonRpcEndpoint,
  caller?: HttpOrigin['caller'],
): Promise<Response> {
  const { sdk } = endpoint;
  const contentType = request.headers.get('content-type');
  const mediaType = contentType?.split(';', 1)[0]!.trim().toLowerCase();
  if (contentType !== null && mediaType !== 'application/json' && mediaType !== 'application/a2a+json') {
    return rpcError(
      null,
      sdk.errors.A2A_ERROR_CODE.CONTENT_TYPE_NOT_SUPPORTED,
      `Content-Type ${JSON.stringify(contentType.slice(0, 100))} is not JSON; send the JSON-RPC request as application/json.`,
    );
  }
  const body = await readBody(request, endpoint.maxBodyBytes);
  if (body === 'too large') {
    return rpcError(
      null,
      invalidRequest,
      `The request body is larger than ${endpoint.maxBodyBytes} bytes; send the skill input in a smaller message.`,
      413,
    );
  }
  let text: string;
  let parsed: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return rpcError(null, parseError, 'Parse error: the request body is not UTF-8 text; send the JSON-RPC request as UTF-8 JSON.');
  }
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return rpcError(
      null,
      parseError,
      `Parse error: the request body is not JSON (${(error as Error).message.slice(0, 120)}); send one JSON-RPC request object.`,
    );
  }
  if (Array.isArray(parsed))
    return rpcError(null, invalidRequest, 'Invalid request: batches are not supported; send one JSON-RPC request per HTTP request.');
  if (typeof parsed !== 'object' || parsed === null)
    return rpcError(
      null,
      invalidRequest,
      'Invalid request: the body must be a JSON-RPC request object, {"jsonrpc": "2.0", "id": 1, "method": …, "params": {…}}.',
    );
  const envelope = parsed as Record<string, unknown>;
  const id = validId(envelope.id) ? envelope.id : null;
  if (!validId(envelope.id) && Object.hasOwn(envelope, 'id'))
    return rpcError(null, invalidRequest, 'Invalid request: id must be a string, an integer or null.');
  if (envelope.jsonrpc !== '2.0') return rpcError(id, invalidRequest, 'Invalid request: jsonrpc must be "2.0".');
  if (typeof envelope.method !== 'string' || envelope.method === '')
    return rpcError(id, invalidRequest, 'Invalid request: method must be a non-empty string, such as "SendMessage".');

  const choice = chooseProtocol(request.headers.get(sdk.root.A2A_VERSION_HEADER), envelope.method);
  if ('refused' in choice) {
    const code = choice.refused.code === 'methodNotFound' ? methodNotFound : sdk.errors.A2A_ERROR_CODE.VERSION_NOT_SUPPORTED;
    return rpcError(id, code, choice.refused.message);
  }
  const legacy = choice.protocol === a2aLegacyProtocolVersion;
  const problem = legacy ? legacyParamsProblem(envelope.method, envelope.params) : paramsProblem(envelope.method, envelope.params);
  if (problem) return rpcError(id, invalidParams, `Invalid params: ${problem}`);

  const context = new sdk.server.ServerCallContext({
    requestedVersion: legacy ? a2aLegacyProtocolVersion : a2aProtocolVersion,
    user: new sdk.server.UnauthenticatedUser(),
  });
  rememberOrigin(context, { request, requestId, ...(caller ? { caller } : {}) });
  const answer = legacy
    ? await endpoint.legacyTransport.handle(withBlockingDefault(envelope), context)
    : await endpoint.transport.handle(envelope, context);
  if (!isAsyncIterable(answer)) return jsonResponse(withoutInternals(answer));
  return legacy ? streamResponse(answer, id, sdk, legacyRpcErrorOf) : streamResponse(answer, id, sdk);
}

function validId(value: unknown): value is RpcId {
  return typeof value === 'string' || value === null || (typeof value === 'number' && Number.isInteger(value));
}

function isAsyncIterable(value: unknown): value is AsyncGenerator<unknown, void, undefined> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
