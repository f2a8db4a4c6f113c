import { jsonResponse, rpcErrorOf, type RpcId } from './rpc-errors.js';
import type { A2ASdk } from './sdk.js';

/** How an error that ends a stream is worded: as A2A 1.0 (`rpcErrorOf`) or as 0.3 (`legacyRpcErrorOf`). */
export type StreamErrorWording = (error: unknown, sdk: A2ASdk) => { code: number; message: string; data?: unknown };

/** Server-sent events of a streaming method; an error before the first event is a plain JSON answer. */
export async function streamResponse(
  events: AsyncGenerator<unknown, void, undefined>,
  id: RpcId,
  sdk: A2ASdk,
  errorOf: StreamErrorWording = rpcErrorOf,
): Promise<Response> {
  const iterator = events[Symbol.asyncIterator]();
  let first: IteratorResult<unknown, void>;
  try {
    first = await iterator.next();
  } catch (error) {
    return jsonResponse({ jsonrpc: '2.0', id, error: errorOf(error, sdk) });
  }
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(sdk.root.formatSSEEvent(first.value)));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(sdk.root.formatSSEEvent(next.value)));
      } catch (error) {
        controller.enqueue(encoder.encode(sdk.root.formatSSEErrorEvent({ jsonrpc: '2.0', id, error: errorOf(error, sdk) })));
        controller.close();
      }
    },
    cancel() {
      // The client went away: stop listening to the task, which runs on and is kept in the store.
      void iterator.return(undefined).catch(() => undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' },
  });
}
