import { createKitApp, type KitServer } from '@kit/kit-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { safeRedirectTarget } from './safe-redirect-target.js';

const fallback = '/tickets';
const target = (input: unknown) => safeRedirectTarget(input, { fallback });

describe('safeRedirectTarget', () => {
  it('keeps paths of the site, as a browser would resolve them', () => {
    expect(target('/dashboard')).toBe('/dashboard');
    expect(target('/settings?tab=keys#api')).toBe('/settings?tab=keys#api');
    expect(target('/a/../b')).toBe('/b');
    expect(target('/caf%C3%A9')).toBe('/caf%C3%A9');
    expect(target('/files/a%2Fb')).toBe('/files/a%2Fb');
    expect(target('/search?next=//elsewhere')).toBe('/search?next=//elsewhere');
    expect(safeRedirectTarget('/x')).toBe('/x');
  });

  it('percent-encodes what a Location header cannot carry, instead of failing', () => {
    expect(target('/café?q=a b#é')).toBe('/caf%C3%A9?q=a%20b#%C3%A9');
    expect(target('/a\u2028b')).toBe('/a%E2%80%A8b');
    expect(target('/\uD800x')).toBe('/%EF%BF%BDx');
    for (const input of ['/café', '/a\u2028b', '/日本語?x=ü']) expect(() => new Headers({ Location: target(input) })).not.toThrow();
  });

  it('refuses anything that leaves the site, or is not a path, with the fallback', () => {
    for (const input of [
      null,
      undefined,
      42,
      '',
      'tickets',
      'https://evil.example',
      'javascript:alert(1)',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example/phish.html',
      '/\n/evil.example',
      '/a\r\nSet-Cookie: x=1',
      ' /evil',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      '/%252F%252Fevil.example',
      '/%25252F%25252Fevil.example',
      '/%2e%2e//evil.example',
      '/.//evil.example',
      '/.%2e/%2e%2e//evil.example',
      '/%zz',
      `/${'a'.repeat(2048)}`,
    ]) {
      expect(target(input), JSON.stringify(input)).toBe(fallback);
    }
  });

  it('accepts a path or an absolute http(s) URL as fallback, and refuses any other with invalid_config', () => {
    expect(safeRedirectTarget('//evil', { fallback: 'https://app.example.com/home' })).toBe('https://app.example.com/home');
    for (const bad of ['//evil.example', 'javascript:alert(1)', '/a\nb', 'tickets', 42]) {
      const error = thrownBy(() => safeRedirectTarget('/x', { fallback: bad as string }), KitAuthError);
      expect(error.code).toBe('invalid_config');
      expect(error.message).toContain('safeRedirectTarget: fallback must be a path');
    }
  });
});

describe('safeRedirectTarget after a sign-in, over real HTTP', () => {
  let server: KitServer;
  let base: string;
  beforeAll(async () => {
    const app = createKitApp({ routes: {} });
    // A sign-in form post as an app writes it: the `next` field decides where the browser lands.
    app.mount('/auth/login', ['POST'], async (request) => {
      const form = await request.formData();
      return new Response(null, { status: 303, headers: { Location: safeRedirectTarget(form.get('next'), { fallback: '/tickets' }) } });
    });
    server = await app.listen({ port: 0 });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  const landing = async (next: string) => {
    const response = await fetch(`${base}/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'ada@example.com', next }),
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location') };
  };

  it('keeps the browser on the site whatever next holds', async () => {
    // /login?next=%2F%09%2Fevil.example%2Fphish.html: the page copies next into the form, the browser posts it back.
    const attack = new URLSearchParams('next=%2F%09%2Fevil.example%2Fphish.html').get('next')!;
    for (const next of [attack, '//evil.example', '/\\evil.example', 'https://evil.example/', '/%2F%2Fevil.example']) {
      const { status, location } = await landing(next);
      expect(status, next).toBe(303);
      expect(location, next).toBe('/tickets');
      expect(new URL(location!, base).origin).toBe(base);
    }
  });

  it('answers odd characters with an encoded path, never a 500', async () => {
    expect(await landing('/tickets/7')).toEqual({ status: 303, location: '/tickets/7' });
    expect(await landing('/a\r\nb')).toEqual({ status: 303, location: '/tickets' });
    expect(await landing('/a\u2028b')).toEqual({ status: 303, location: '/a%E2%80%A8b' });
    expect(await landing('/tickets?q=café')).toEqual({ status: 303, location: '/tickets?q=caf%C3%A9' });
  });
});
