import { SignJWT, base64url } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { clearSessionCookie, sessionCookie, sessionCookieName } from './session-cookie.js';
import { defaultSessionMaxAge, signSession } from './sign-session.js';
import { verifySession } from './verify-session.js';

const secret = 'test-secret-that-is-long-enough-000001';
const otherSecret = 'test-secret-that-is-long-enough-000002';

function encodeSegment(value: unknown): string {
  return base64url.encode(JSON.stringify(value));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('signSession and verifySession', () => {
  it('round-trips the claims and adds iat, exp (7 days by default) and a jti', async () => {
    const token = await signSession({ sub: 'user_42', name: 'Ada', roles: ['admin'] }, secret);
    const session = await verifySession(token, secret);
    expect(session).toMatchObject({ sub: 'user_42', name: 'Ada', roles: ['admin'] });
    expect(session.exp - session.iat).toBe(defaultSessionMaxAge);
    expect(Math.abs(session.iat - Date.now() / 1000)).toBeLessThan(5);
    expect(session.jti).toMatch(/^[0-9a-f-]{36}$/);
    const again = await verifySession(await signSession({ sub: 'user_42' }, secret), secret);
    expect(again.jti).not.toBe(session.jti);
  });

  it('takes maxAge in seconds or as a time span', async () => {
    const inSeconds = await verifySession(await signSession({ sub: 'u' }, secret, 90), secret);
    expect(inSeconds.exp - inSeconds.iat).toBe(90);
    const span = await verifySession(await signSession({ sub: 'u' }, secret, '2h'), secret);
    expect(span.exp - span.iat).toBe(7200);
    const days = await verifySession(await signSession({ sub: 'u' }, secret, '7d'), secret);
    expect(days.exp - days.iat).toBe(7 * 86_400);
  });

  it('overwrites iat, exp and jti given in the payload', async () => {
    const session = await verifySession(await signSession({ sub: 'u', exp: 1, iat: 1, jti: 'mine' }, secret, 60), secret);
    expect(session.exp - session.iat).toBe(60);
    expect(session.jti).not.toBe('mine');
  });

  it('refuses a session once it has expired, saying when', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const token = await signSession({ sub: 'u' }, secret, 2);
    expect((await verifySession(token, secret)).sub).toBe('u');
    vi.setSystemTime(new Date('2030-01-01T00:05:00Z'));
    const error = await rejectionOf(verifySession(token, secret), KitAuthError);
    expect(error.code).toBe('session_expired');
    expect(error.message).toBe('The session expired at 2030-01-01T00:00:02.000Z (4 min ago); sign in again.');
    expect(error.status).toBe(401);
  });

  it('refuses a tampered payload and another secret as session_invalid', async () => {
    const token = await signSession({ sub: 'user_42', admin: false }, secret);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${encodeSegment({ sub: 'user_42', admin: true, iat: 1, exp: 9_999_999_999 })}.${signature}`;
    const tampered = await rejectionOf(verifySession(forged, secret), KitAuthError);
    expect(tampered.code).toBe('session_invalid');
    expect(tampered.message).toContain('signature does not match');
    expect(tampered.message).not.toContain(signature);
    expect((await rejectionOf(verifySession(token, otherSecret), KitAuthError)).code).toBe('session_invalid');
  });

  it('refuses alg none and HS512 tokens', async () => {
    const unsecured = `${encodeSegment({ alg: 'none', typ: 'JWT' })}.${encodeSegment({ sub: 'admin', iat: 1, exp: 9_999_999_999 })}.`;
    const none = await rejectionOf(verifySession(unsecured, secret), KitAuthError);
    expect(none.code).toBe('session_invalid');
    expect(none.message).toContain('HS256');
    const hs512 = await new SignJWT({ sub: 'admin' })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    const strong = await rejectionOf(verifySession(hs512, secret), KitAuthError);
    expect(strong.code).toBe('session_invalid');
  });

  it('refuses a validly signed token without exp', async () => {
    const eternal = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(secret));
    const error = await rejectionOf(verifySession(eternal, secret), KitAuthError);
    expect(error.code).toBe('session_invalid');
    expect(error.message).toContain('exp');
  });

  it('calls garbage session_malformed without echoing it', async () => {
    for (const garbage of ['', 'hello', 'a.b', 'a.b.c.d', 'eyJ!.x.y', `${base64url.encode('not json')}.${encodeSegment({})}.abc`]) {
      const error = await rejectionOf(verifySession(garbage, secret), KitAuthError);
      expect(error.code, garbage).toBe('session_malformed');
      if (garbage.length > 3) expect(error.message).not.toContain(garbage);
    }
  });

  it('requires a secret of at least 32 characters on both sides', async () => {
    const sign = await rejectionOf(signSession({ sub: 'u' }, 'short-secret'), KitAuthError);
    expect(sign.code).toBe('invalid_config');
    expect(sign.message).toContain('at least 32 characters (got 12 characters)');
    expect((await rejectionOf(verifySession('a.b.c', 'short-secret'), KitAuthError)).code).toBe('invalid_config');
  });

  it('refuses a bad maxAge or sub at signing time', async () => {
    for (const maxAge of [0, -5, Number.NaN, 'soon', '-2h', '']) {
      const error = await rejectionOf(signSession({ sub: 'u' }, secret, maxAge), KitAuthError);
      expect(error.code).toBe('invalid_config');
      expect(error.message).toContain('maxAge');
    }
    expect((await rejectionOf(signSession({ sub: 42 }, secret), KitAuthError)).message).toContain('sub claim');
  });
});

describe('sessionCookie', () => {
  it('writes an HttpOnly, SameSite=Lax, Secure cookie with Max-Age, under the __Host- prefix when Secure', async () => {
    const token = await signSession({ sub: 'u' }, secret, '2h');
    expect(sessionCookieName).toBe('kit_session');
    expect(sessionCookie(token, { maxAge: 60 })).toBe(`__Host-kit_session=${token}; HttpOnly; SameSite=Lax; Path=/; Secure; Max-Age=60`);
    expect(sessionCookie(token, { secure: false, maxAge: 60 })).toBe(`kit_session=${token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=60`);
    const lifetime = Number(/Max-Age=(\d+)$/.exec(sessionCookie(token))![1]);
    expect(lifetime).toBeGreaterThan(7190);
    expect(lifetime).toBeLessThanOrEqual(7200);
    expect(sessionCookie(token, { name: 'app_session', maxAge: 5 })).toMatch(/^__Host-app_session=/);
    expect(sessionCookie(token, { name: 'app_session', maxAge: 5, secure: false })).toMatch(/^app_session=/);
    expect(sessionCookie(token, { name: '__Host-app_session', maxAge: 5 })).toMatch(
      /^__Host-app_session=[^;]+; HttpOnly; SameSite=Lax; Path=\/; Secure;/,
    );
  });

  it('clears the cookie', () => {
    expect(clearSessionCookie()).toBe('__Host-kit_session=; HttpOnly; SameSite=Lax; Path=/; Secure; Max-Age=0');
    expect(clearSessionCookie({ secure: false })).toBe('kit_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
  });

  it('refuses a value that is not a token and a bad name or maxAge', () => {
    expect(thrownBy(() => sessionCookie('a b;c'), KitAuthError).code).toBe('invalid_config');
    expect(thrownBy(() => sessionCookie('a.b.c', { name: 'bad name' }), KitAuthError).code).toBe('invalid_config');
    expect(thrownBy(() => sessionCookie('a.b.c', { maxAge: -1 }), KitAuthError).code).toBe('invalid_config');
    expect(thrownBy(() => sessionCookie('a.b.c', { name: '__Host-app', secure: false }), KitAuthError).message).toContain('must be Secure');
  });
});
