/** What the request log holds: every refused or failed request with its id; successes only on demand. */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { startInProcess } from './support.js';

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, destination), lines };
}

const requestLines = (lines: Record<string, unknown>[]) => lines.filter((line) => line.msg === 'request');

describe('request log', () => {
  it('by default logs requests answered 4xx or 5xx, with their id, and not successful ones', async () => {
    const { logger, lines } = captureLogger();
    const server = await startInProcess({ logger });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      await sendRaw(`${base}/api/health`);
      await sendRaw(`${base}/api/docs?slug=nope`, { headers: { 'x-request-id': 'trace-404' } });
      await sendRaw(`${base}/api/search?q=`);
    } finally {
      await server.close();
    }
    const logged = requestLines(lines);
    expect(logged.map((line) => line.status)).toEqual([404, 400]);
    expect(logged[0]).toMatchObject({ reqId: 'trace-404', method: 'GET', status: 404 });
    expect(typeof logged[0]!.ms).toBe('number');
  });

  it('logs every request when asked to', async () => {
    const { logger, lines } = captureLogger();
    const server = await startInProcess({ logger, accessLog: true });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      await sendRaw(`${base}/api/health`);
      await sendRaw(`${base}/api/docs?slug=nope`);
    } finally {
      await server.close();
    }
    expect(requestLines(lines).map((line) => line.status)).toEqual([200, 404]);
  });
});
