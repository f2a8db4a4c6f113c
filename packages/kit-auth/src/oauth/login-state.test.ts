import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { signSession } from '../session/sign-session.js';
import { verifySession } from '../session/verify-session.js';
import { clearLoginStateCookie, cookieValues, loginStateCookie, readLoginState, signLoginState } from './login-state.js';

const secret = 'a-test-session-secret-of-at-least-32-characters';
const login = { provider: 'google', state: 'the-state', codeVerifier: 'the-verifier', nonce: 'the-nonce', returnTo: '/x' };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KitAuthError);
    expect((error as KitAuthError).code).toBe('oauth_state_mismatch');
    expect((error as KitAuthError).status).toBe(403);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('login state', () => {
  it('round-trips through a signed token', async () => {
    const token = await signLoginState(login, secret);
    expect(await readLoginState(token, secret, 'google', '/auth/google/login')).toEqual(login);
    const { returnTo: _, nonce: __, ...bare } = login;
    expect(await readLoginState(await signLoginState(bare, secret), secret, 'google', '/auth/google/login')).toEqual(bare);
  });

  it('refuses another secret, another provider, and an expired login, saying where to start again', async () => {
    const token = await signLoginState(login, secret);
    expect(await refusal(readLoginState(token, `${secret}-rotated`, 'google', '/auth/google/login'))).toBe(
      'The kit_oauth login cookie is not valid (altered, or signed with another session secret); start the login again at /auth/google/login.',
    );
    expect(await refusal(readLoginState(token, secret, 'github', '/auth/github/login'))).toBe(
      'The kit_oauth login cookie belongs to a login with "google", not "github"; start the login again at /auth/github/login.',
    );
    const old = await signLoginState(login, secret, Math.floor(Date.now() / 1000) - 601);
    expect(await refusal(readLoginState(old, secret, 'google', '/auth/google/login'))).toBe(
      'The login with "google" was started more than 10 minutes ago and has expired; start the login again at /auth/google/login.',
    );
  });

  it('is signed with a key of its own: sessions and login cookies cannot pass for each other', async () => {
    const session = await signSession({ sub: 'user_1', pv: 'google', st: 's', cv: 'v', aud: 'kit_oauth' }, secret);
    await refusal(readLoginState(session, secret, 'google', '/auth/google/login'));
    await expect(verifySession(await signLoginState(login, secret), secret)).rejects.toMatchObject({ code: 'session_invalid' });
    // Signed with the raw secret, as a session is, even with the right claims: refused.
    const raw = await new SignJWT({ pv: 'google', st: 's', cv: 'v' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('kit_oauth')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    await refusal(readLoginState(raw, secret, 'google', '/auth/google/login'));
  });

  it("writes and clears the cookie on the provider's paths, and reads every value a browser sends", () => {
    expect(loginStateCookie('t.o.k', '/auth/google', true)).toBe(
      'kit_oauth=t.o.k; HttpOnly; SameSite=Lax; Path=/auth/google; Secure; Max-Age=600',
    );
    expect(clearLoginStateCookie('/auth/google', false)).toBe('kit_oauth=; HttpOnly; SameSite=Lax; Path=/auth/google; Max-Age=0');
    const request = new Request('https://app.example.com/', { headers: { cookie: 'a=1; kit_oauth=one; kit_oauthx=no;kit_oauth="two"' } });
    expect(cookieValues(request, 'kit_oauth')).toEqual(['one', 'two']);
    expect(cookieValues(new Request('https://app.example.com/'), 'kit_oauth')).toEqual([]);
  });
});
