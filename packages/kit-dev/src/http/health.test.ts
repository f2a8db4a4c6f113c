import { describe, expect, it } from 'vitest';
import { healthPath, healthResponse } from './health.js';

describe('healthResponse', () => {
  it('answers GET with 200 {"status":"ok"}, uncached', async () => {
    const response = healthResponse(new Request(`http://127.0.0.1${healthPath}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers HEAD without a body and other methods with 405 and Allow', async () => {
    const head = healthResponse(new Request(`http://127.0.0.1${healthPath}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = healthResponse(new Request(`http://127.0.0.1${healthPath}`, { method: 'POST' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
