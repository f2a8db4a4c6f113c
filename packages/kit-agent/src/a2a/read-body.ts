import { KitError } from '@kit/kit-core';

/**
 * The body's bytes, or `'too large'` as soon as more than `max` bytes have been declared or read, or when
 * the app's own body limit (below `max`) stopped the read. Other read failures (a body that stalls) are
 * thrown, and the app answers them.
 */
export async function readBody(request: Request, max: number): Promise<Uint8Array | 'too large'> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > max) return 'too large';
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (error instanceof KitError && error.code === 'payload_too_large') return 'too large';
      throw error;
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return 'too large';
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
