import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKitApp } from '@kit/kit-core';
import { freePort } from '../../../../test-support/redis-server.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { verifySession } from '../session/verify-session.js';
import { createOAuthHandlers } from './create-oauth-handlers.js';
import { signLoginState } from './login-state.js';
import { oidcProvider } from './oidc-provider.js';
import { TestBrowser } from './testing/browser.js';
import { testAccount } from './testing/identity-provider.js';
import { defaultLoginAnswer, rigSecret, startLoginRig, type LoginRig } from './testing/login-rig.js';

let rig: LoginRig;

beforeAll(async () => {
  rig = await startLoginRig(['idp'], (idp) => ({
    idp: oidcProvider({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
  }));
});
afterAll(async () => {
  await rig?.close();
});
beforeEach(() => {
  rig.idp.decide({ approve: true });
  rig.answerLogin(defaultLoginAnswer);
  rig.logins.length = 0;
  rig.errors.length = 0;
});

const loginUrl = (query = '') => `${rig.baseUrl}/auth/idp/login${query}`;
const atCallback = (location: URL) => location.href.startsWith(rig.callbackUrl('idp'));

/** Starts a login in a fresh browser and goes through the provider up to (not into) the app's callback. */
async function reachCallback(query = ''): Promise<{ browser: TestBrowser; callback: URL }> {
  const browser = new TestBrowser();
  const callback = await browser.follow(loginUrl(query), atCallback);
  return { browser, callback };
}

async function problemOf(response: Response): Promise<{ status: number; detail: string; type: string }> {
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  return (await response.json()) as { status: number; detail: string; type: string };
}

describe('createOAuthHandlers with an OpenID Connect provider', () => {
  it('redirects to the authorization endpoint with state, PKCE and nonce, and keeps them in a signed kit_oauth cookie', async () => {
    const response = await new TestBrowser().get(loginUrl());
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${rig.idp.issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: rig.idp.clientId,
      redirect_uri: rig.callbackUrl('idp'),
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);

    const cookie = response.headers.getSetCookie().find((header) => header.startsWith('kit_oauth='));
    expect(cookie).toMatch(/^kit_oauth=[\w-]+\.[\w-]+\.[\w-]+; HttpOnly; SameSite=Lax; Path=\/auth\/idp; Max-Age=600$/);
    const stored = decodeJwt(cookie!.slice('kit_oauth='.length).split(';')[0]!);
    expect(stored).toMatchObject({ pv: 'idp', st: params.state, n: params.nonce, aud: 'kit_oauth' });
    expect((stored.exp ?? 0) - (stored.iat ?? 0)).toBe(600);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('completes a login: kit_session holds the claims onLogin returned, kit_oauth is cleared, returnTo is honoured', async () => {
    const { browser, callback } = await reachCallback('?returnTo=%2Fdashboard%3Ftab%3Dkeys');
    const response = await browser.get(callback);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard?tab=keys');
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((header) => header.startsWith('kit_oauth='))).toBe('kit_oauth=; HttpOnly; SameSite=Lax; Path=/auth/idp; Max-Age=0');
    const session = cookies.find((header) => header.startsWith('kit_session='));
    expect(session).toMatch(/; HttpOnly; SameSite=Lax; Path=\/; Max-Age=604800$/);

    const claims = await verifySession(browser.cookie('kit_session')!.value, rigSecret);
    expect(claims).toMatchObject({ sub: `user:${testAccount.id}`, provider: 'idp', email: testAccount.email });
    expect(browser.cookie('kit_oauth')).toBeUndefined();

    expect(rig.logins).toHaveLength(1);
    const [login] = rig.logins;
    expect(login?.provider).toBe('idp');
    expect(login?.profile).toMatchObject({
      subject: testAccount.id,
      email: testAccount.email,
      emailVerified: true,
      name: testAccount.name,
      picture: testAccount.picture,
    });
    expect(login?.profile.raw).toMatchObject({ iss: rig.idp.issuer, aud: rig.idp.clientId, sub: testAccount.id });
    expect(login?.tokens.tokenType).toBe('bearer');
    expect(login?.tokens.accessToken).toEqual(expect.any(String));
    expect(decodeJwt(login?.tokens.idToken ?? '')).toMatchObject({ sub: testAccount.id, iss: rig.idp.issuer });
  });

  it('lands on successRedirect (/) when returnTo is absent or leaves the site', async () => {
    for (const returnTo of [
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example/phish.html',
      '/%2F%2Fevil.example',
    ]) {
      const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
      const { browser, callback } = await reachCallback(query);
      const response = await browser.get(callback);
      expect(response.status, returnTo).toBe(302);
      expect(response.headers.get('location'), returnTo).toBe('/');
    }
  });

  it('refuses a callback whose state differs from the login cookie (403)', async () => {
    const { browser, callback } = await reachCallback();
    callback.searchParams.set('state', 'an-attacker-chosen-state');
    const response = await browser.get(callback);
    expect(response.status).toBe(403);
    const problem = await problemOf(response);
    expect(problem.type).toBe('/problems/forbidden');
    expect(problem.detail).toContain('state parameter of this callback does not match');
    expect(problem.detail).toContain('start the login again at /auth/idp/login');
    expect(response.headers.getSetCookie().some((header) => header.startsWith('kit_session='))).toBe(false);
    expect(rig.logins).toHaveLength(0);
  });

  it('refuses a callback without the kit_oauth cookie (403), naming where to start again', async () => {
    const { browser, callback } = await reachCallback();
    browser.deleteCookie('kit_oauth');
    const response = await browser.get(callback);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).detail).toBe(
      'No login with "idp" is in progress in this browser (the kit_oauth cookie is missing; it lasts 10 minutes and needs cookies enabled); start the login again at /auth/idp/login.',
    );
  });

  it('refuses a tampered kit_oauth cookie (403)', async () => {
    const { browser, callback } = await reachCallback();
    const original = browser.cookie('kit_oauth')!.value;
    const [header, payload] = original.split('.');
    // A cookie edited to carry another verifier, re-encoded but not re-signed.
    const edited = Buffer.from(JSON.stringify({ ...decodeJwt(original), cv: 'x'.repeat(43) })).toString('base64url');
    browser.setCookieValue('kit_oauth', `${header}.${edited}.${original.split('.')[2]}`);
    expect(edited).not.toBe(payload);
    const response = await browser.get(callback);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).detail).toBe(
      'The kit_oauth login cookie is not valid (altered, or signed with another session secret); start the login again at /auth/idp/login.',
    );
    expect(rig.logins).toHaveLength(0);
  });

  it("answers the provider's error=access_denied with 403 naming the error", async () => {
    rig.idp.decide({ error: 'access_denied', description: 'The person declined.' });
    const { browser, callback } = await reachCallback();
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const response = await browser.get(callback);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).detail).toBe(
      `OAuth provider "idp": ${rig.idp.issuer} did not grant the login: it answered error="access_denied" ("The person declined.").`,
    );
    expect(rig.logins).toHaveLength(0);
  });

  it('answers a failed code exchange (a code used twice) with 502 naming the provider', async () => {
    const { browser, callback } = await reachCallback();
    const loginCookie = browser.cookie('kit_oauth')!.value;
    expect((await browser.get(callback)).status).toBe(302);
    // The same callback again, with the login cookie put back: the provider refuses the spent code.
    browser.accept(rig.baseUrl, new Response(null, { headers: { 'set-cookie': `kit_oauth=${loginCookie}; Path=/auth/idp` } }));
    const response = await browser.get(callback);
    expect(response.status).toBe(502);
    const problem = await problemOf(response);
    expect(problem.type).toBe('/problems/bad-gateway');
    expect(problem.detail).toMatch(
      new RegExp(
        `^OAuth provider "idp": The code exchange at the token endpoint of ${rig.idp.issuer} failed: it answered HTTP 400 "invalid_grant"`,
      ),
    );
  });

  it("refuses an ID token whose nonce is not the login's (403 oauth_id_token_invalid)", async () => {
    const { browser, callback } = await reachCallback();
    // A login cookie validly signed but remembering another nonce: the ID token belongs to another login.
    const stored = decodeJwt(browser.cookie('kit_oauth')!.value) as { st: string; cv: string };
    const forged = await signLoginState(
      { provider: 'idp', state: stored.st, codeVerifier: stored.cv, nonce: 'a-nonce-of-another-login' },
      rigSecret,
    );
    browser.setCookieValue('kit_oauth', forged);
    const response = await browser.get(callback);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).detail).toBe(
      `OAuth provider "idp": The ID token from ${rig.idp.issuer} is not valid: its nonce is not the one this login sent (a replayed or injected token).`,
    );
  });

  it('answers 403 oauth_login_refused when onLogin returns null', async () => {
    rig.answerLogin(async () => null);
    const { browser, callback } = await reachCallback();
    const response = await browser.get(callback);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).detail).toBe('The account signed in with "idp" is not allowed to use this application.');
    expect(browser.cookie('kit_session')).toBeUndefined();
    expect(rig.logins).toHaveLength(1);
  });

  it('answers 500, and reports the mistake, when onLogin returns claims without sub', async () => {
    rig.answerLogin(async () => ({ email: 'x' }) as never);
    const { browser, callback } = await reachCallback();
    const response = await browser.get(callback);
    expect(response.status).toBe(500);
    // The mistake is the application's: the caller learns nothing of it, the app's onError gets it all.
    expect((await problemOf(response)).detail).toBe('The server failed to answer this request; it has been logged.');
    expect(browser.cookie('kit_session')).toBeUndefined();
    expect(rig.errors).toHaveLength(1);
    expect(String((rig.errors[0] as Error).cause)).toContain('onLogin must return the session claims with a non-empty sub string');
  });

  it('answers other methods with 405 and Allow: GET, HEAD, as kit routes do', async () => {
    const response = await fetch(loginUrl(), { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('createOAuthHandlers used directly', () => {
  it('answers an unknown provider name with a 404 problem listing the configured ones', async () => {
    const response = await rig.handlers.login('gitlab', new Request(loginUrl()));
    expect(response.status).toBe(404);
    expect((await problemOf(response)).detail).toBe('No OAuth provider named "gitlab"; the configured ones are idp.');
  });

  it('answers 502 naming the issuer when the provider cannot be reached, and tries discovery again next time', async () => {
    const issuer = `http://127.0.0.1:${await freePort()}`;
    const dead = oidcProvider({ issuer, clientId: 'c', clientSecret: 's', timeoutMs: 2000 });
    const handlers = createOAuthHandlers({
      providers: { dead },
      baseUrl: rig.baseUrl,
      sessionSecret: rigSecret,
      onLogin: defaultLoginAnswer,
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await handlers.login('dead', new Request(`${rig.baseUrl}/auth/dead/login`));
      expect(response.status).toBe(502);
      const problem = await problemOf(response);
      expect(problem.type).toBe('/problems/bad-gateway');
      expect(problem.detail).toBe(
        `OAuth provider "dead": OpenID Connect discovery failed for issuer ${issuer}: it cannot be reached (ECONNREFUSED). ` +
          'Check that the issuer is exactly the "issuer" of its /.well-known/openid-configuration and that this server can reach it.',
      );
    }
    await expect(dead.prepare()).rejects.toMatchObject({ code: 'oauth_discovery_failed' });
  });

  it("refuses an ID token not signed by the keys at the provider's jwks_uri (403)", async () => {
    const provider = oidcProvider({ issuer: rig.idp.issuer, clientId: rig.idp.clientId, clientSecret: rig.idp.clientSecret });
    const handlers = createOAuthHandlers({
      providers: { idp: provider },
      baseUrl: rig.baseUrl,
      sessionSecret: rigSecret,
      onLogin: defaultLoginAnswer,
    });
    const browser = new TestBrowser();
    const start = await handlers.login('idp', new Request(loginUrl()));
    browser.accept(loginUrl(), start);
    const callback = await browser.follow(start.headers.get('location')!, atCallback);
    const { signingKeys } = await import('./testing/identity-provider.js');
    rig.idp.serveJwks((await signingKeys('test-key-1')).public);
    try {
      const response = await handlers.callback('idp', new Request(callback, { headers: { cookie: browser.cookieHeader(callback) } }));
      expect(response.status).toBe(403);
      expect((await problemOf(response)).detail).toBe(
        `OAuth provider "idp": The ID token from ${rig.idp.issuer} is not valid: its signature does not verify with the keys of the provider's jwks_uri.`,
      );
    } finally {
      rig.idp.serveJwks(undefined);
    }
  });

  it('completes a login without a kit app, answering with the redirect and the session cookie', async () => {
    const browser = new TestBrowser();
    const start = await rig.handlers.login('idp', new Request(loginUrl('?returnTo=/welcome')));
    browser.accept(loginUrl(), start);
    const callback = await browser.follow(start.headers.get('location')!, atCallback);
    const response = await rig.handlers.callback('idp', new Request(callback, { headers: { cookie: browser.cookieHeader(callback) } }));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/welcome');
    browser.accept(callback, response);
    expect((await verifySession(browser.cookie('kit_session')!.value, rigSecret)).sub).toBe(`user:${testAccount.id}`);
  });
});

describe('createOAuthHandlers configuration', () => {
  const provider = oidcProvider({ issuer: 'https://id.example.com', clientId: 'c', clientSecret: 's' });
  const valid = {
    providers: { example: provider },
    baseUrl: 'https://app.example.com',
    sessionSecret: rigSecret,
    onLogin: defaultLoginAnswer,
  };
  const messageOf = (config: unknown): string => {
    try {
      createOAuthHandlers(config as Parameters<typeof createOAuthHandlers>[0]);
    } catch (error) {
      expect(error).toBeInstanceOf(KitAuthError);
      expect((error as KitAuthError).code).toBe('invalid_config');
      return (error as Error).message;
    }
    throw new Error('expected createOAuthHandlers to throw');
  };

  it('refuses bad options at once, naming the option and the fix', () => {
    expect(messageOf({ ...valid, baseUrl: 'https://app.example.com/app' })).toContain(
      "baseUrl must be the public origin of the app, such as 'https://app.example.com'",
    );
    expect(messageOf({ ...valid, sessionSecret: 'short' })).toContain('at least 32 characters');
    expect(messageOf({ ...valid, providers: {} })).toContain('providers must name at least one provider');
    expect(messageOf({ ...valid, providers: { 'bad/name': provider } })).toContain('"bad/name" cannot be a path segment');
    expect(messageOf({ ...valid, providers: { example: {} } })).toContain('providers.example is not a provider');
    expect(messageOf({ ...valid, onLogin: undefined })).toContain('onLogin must be an async function');
    expect(messageOf({ ...valid, successRedirect: '//evil.example' })).toContain('successRedirect must be a path');
    expect(messageOf({ ...valid, successRedirect: '/\t/evil.example' })).toContain('successRedirect must be a path');
  });

  it('marks cookies Secure when baseUrl is https, unless secureCookies says otherwise', async () => {
    const secure = createOAuthHandlers(valid);
    const insecure = createOAuthHandlers({ ...valid, secureCookies: false });
    // Discovery of id.example.com would need the network; an OAuth 2.0 provider needs none to start a login.
    const { oauth2Provider } = await import('./oauth2-provider.js');
    const plain = oauth2Provider({
      authorizeUrl: 'https://id.example.com/authorize',
      tokenUrl: 'https://id.example.com/token',
      userInfoUrl: 'https://id.example.com/me',
      clientId: 'c',
      clientSecret: 's',
    });
    const withPlain = (secureCookies?: boolean) =>
      createOAuthHandlers({ ...valid, providers: { plain }, ...(secureCookies === undefined ? {} : { secureCookies }) });
    expect(secure).toBeDefined();
    expect(insecure).toBeDefined();
    const on = await withPlain().login('plain', new Request('https://app.example.com/auth/plain/login'));
    expect(on.headers.get('set-cookie')).toMatch(/; Path=\/auth\/plain; Secure; Max-Age=600$/);
    const off = await withPlain(false).login('plain', new Request('https://app.example.com/auth/plain/login'));
    expect(off.headers.get('set-cookie')).toMatch(/; Path=\/auth\/plain; Max-Age=600$/);
  });

  it('mounts GET /auth/<name>/login and /auth/<name>/callback on a kit app', async () => {
    const app = createKitApp({ routes: {} });
    createOAuthHandlers(valid).mount(app);
    const response = await app.fetch(new Request('https://app.example.com/auth/example/callback'));
    expect(response.status).toBe(403);
    expect(app.methods()).toEqual(['GET', 'HEAD']);
  });
});
