import { createKitApp } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import hello from '../app/routes/api/hello.api.js';

// The route runs inside a real kit app, so its schemas and errors are checked as in production.
const app = createKitApp({ info: { title: 'test', version: '0.0.0' }, routes: { 'GET /api/hello': hello } });

describe('GET /api/hello', () => {
  it('greets the name given', async () => {
    const response = await app.fetch(new Request('http://localhost/api/hello?name=Ada'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Hello, Ada!' });
  });

  it('refuses an empty name with a problem', async () => {
    const response = await app.fetch(new Request('http://localhost/api/hello?name='));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});
