import { describe, expect, it } from 'vitest';
import { KitError } from '@kit/kit-core';
import { readBody } from './read-body.js';

function streamOf(chunks: number[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(120));
      controller.close();
    },
  });
}

describe('readBody', () => {
  it('returns every byte of a body within the limit, in order', async () => {
    const request = new Request('http://localhost/', { method: 'POST', body: 'héllo wörld' });
    expect(new TextDecoder().decode((await readBody(request, 1024)) as Uint8Array)).toBe('héllo wörld');
    expect(await readBody(new Request('http://localhost/'), 10)).toEqual(new Uint8Array());
  });

  it('refuses a declared length over the limit unread, and a streamed one over it, or one the app’s limit stopped', async () => {
    const declared = new Request('http://localhost/', { method: 'POST', body: 'x'.repeat(20), headers: { 'content-length': '20' } });
    expect(await readBody(declared, 10)).toBe('too large');
    expect(declared.bodyUsed).toBe(false);
    const streamed = new Request('http://localhost/', { method: 'POST', body: streamOf([6, 6, 6]), duplex: 'half' } as RequestInit);
    expect(await readBody(streamed, 10)).toBe('too large');
    // The app's own limit (kit's body guard) failed the read.
    const stopped = new Request('http://localhost/', {
      method: 'POST',
      body: new ReadableStream<Uint8Array>({
        pull: (controller) => controller.error(new KitError('payload_too_large', 'The request body is larger than 64 KiB.')),
      }),
      duplex: 'half',
    } as RequestInit);
    expect(await readBody(stopped, 10)).toBe('too large');
    const exact = new Request('http://localhost/', { method: 'POST', body: streamOf([5, 5]), duplex: 'half' } as RequestInit);
    expect(((await readBody(exact, 10)) as Uint8Array).byteLength).toBe(10);
  });
});
