import { describe, expect, it } from 'vitest';
import { readBody } from './read-body.js';

function streamOf(chunks: number[], onCancel: () => void = () => undefined): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(120));
      controller.close();
    },
    cancel: onCancel,
  });
}

describe('readBody', () => {
  it('returns every byte of a body within the limit, in order', async () => {
    const request = new Request('http://localhost/', { method: 'POST', body: 'héllo wörld' });
    expect(new TextDecoder().decode((await readBody(request, 1024)) as Uint8Array)).toBe('héllo wörld');
    expect(await readBody(new Request('http://localhost/'), 10)).toEqual(new Uint8Array());
  });

  it('stops at a declared or streamed length over the limit, without reading the rest', async () => {
    const declared = new Request('http://localhost/', { method: 'POST', body: 'x'.repeat(20), headers: { 'content-length': '20' } });
    expect(await readBody(declared, 10)).toBe('too large');
    let canceled = false;
    const streamed = new Request('http://localhost/', {
      method: 'POST',
      body: streamOf([6, 6, 6], () => (canceled = true)),
      duplex: 'half',
    } as RequestInit);
    expect(await readBody(streamed, 10)).toBe('too large');
    expect(canceled).toBe(true);
    const exact = new Request('http://localhost/', { method: 'POST', body: streamOf([5, 5]), duplex: 'half' } as RequestInit);
    expect(((await readBody(exact, 10)) as Uint8Array).byteLength).toBe(10);
  });
});
