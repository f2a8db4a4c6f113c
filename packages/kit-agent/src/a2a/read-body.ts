import { KitError } from '@kit/kit-core';

/**
 * The body's bytes, or `'too large'` when more than `max` bytes are declared or arrive, or when the app's
 * own body limit (below `max`) stopped the read. Other read failures (a body that stalls) are thrown, and the
 * app answers them. Read with `arrayBuffer()`: a JSON body of a mounted endpoint is already in memory when
 * it came through a Node server (kit reads it under the app's limit first), and that serves it as it is,
 * where reading the body stream would first build a full fetch `Request` around it.
 */
export async function readBody(request: Request, max: number): Promise<Uint8Array | 'too large'> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > max) return 'too large';
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch (error) {
    if (error instanceof KitError && error.code === 'payload_too_large') return 'too large';
    throw error;
  }
  return bytes.byteLength > max ? 'too large' : bytes;
}
