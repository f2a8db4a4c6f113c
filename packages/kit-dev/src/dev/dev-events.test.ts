import { describe, expect, it } from 'vitest';
import { DevEvents } from './dev-events.js';

async function readUntil(response: Response, marker: string): Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes(marker)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  await reader.cancel();
  return text;
}

describe('DevEvents', () => {
  it('streams updates and errors as named server-sent events', async () => {
    const events = new DevEvents();
    const response = events.connect(new Request('http://localhost/_kit/events'));
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(events.size).toBe(1);
    events.send({ event: 'update', data: { kind: 'css' } });
    events.send({ event: 'error', data: { file: 'a.tsx', line: 2, column: 3, message: 'bad' } });
    const text = await readUntil(response, 'event: error');
    expect(text).toContain('retry: 1000\n\n');
    expect(text).toContain('event: update\ndata: {"kind":"css"}\n\n');
    expect(text).toContain('event: error\ndata: {"file":"a.tsx","line":2,"column":3,"message":"bad"}\n\n');
    events.close();
  });

  it('tells a browser that connects during a build error about it, until the next update', async () => {
    const events = new DevEvents();
    events.send({ event: 'error', data: { file: 'b.tsx', line: 1, column: 1, message: 'broken' } });
    expect(await readUntil(events.connect(new Request('http://localhost/_kit/events')), 'broken')).toContain('event: error');
    events.send({ event: 'update', data: {} });
    const late = events.connect(new Request('http://localhost/_kit/events'));
    events.send({ event: 'update', data: { kind: 'routes' } });
    expect(await readUntil(late, 'routes')).not.toContain('broken');
    events.close();
  });

  it('forgets a browser that goes away and ends every stream on close', async () => {
    const events = new DevEvents();
    const controller = new AbortController();
    events.connect(new Request('http://localhost/_kit/events', { signal: controller.signal }));
    controller.abort();
    expect(events.size).toBe(0);
    const open = events.connect(new Request('http://localhost/_kit/events'));
    events.close();
    const text = await new Response(open.body).text();
    expect(text).toBe('retry: 1000\n\n');
    expect(events.size).toBe(0);
  });
});
