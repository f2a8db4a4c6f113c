import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { verifySession } from '../session/verify-session.js';
import { oauth2Provider, type OAuth2ProviderConfig } from './oauth2-provider.js';
import { TestBrowser } from './testing/browser.js';
import { testAccount, type TestIdentityProvider } from './testing/identity-provider.js';
import { rigSecret, startLoginRig, type LoginRig } from './testing/login-rig.js';

let rig: LoginRig;

// The same oidc-provider, used as a plain OAuth 2.0 server: its authorization, token and user-info endpoints.
const endpoints = (idp: TestIdentityProvider) => ({
  authorizeUrl: `${idp.issuer}/auth`,
  tokenUrl: `${idp.issuer}/token`,
  userInfoUrl: `${idp.issuer}/me`,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  // oidc-provider answers its user-info endpoint only for tokens granted the openid scope.
  scopes: ['openid', 'email', 'profile'],
});

beforeAll(async () => {
  rig = await startLoginRig(['plain', 'checked', 'wrong-iss', 'mapped', 'no-profile'], (idp) => ({
    plain: oauth2Provider(endpoints(idp)),
    checked: oauth2Provider({ ...endpoints(idp), issuer: idp.issuer }),
    'wrong-iss': oauth2Provider({ ...endpoints(idp), issuer: 'https://someone-else.example' }),
    mapped: oauth2Provider({ ...endpoints(idp), profile: (info) => ({ subject: `mapped-${String(info.sub)}`, name: 'Custom' }) }),
    'no-profile': oauth2Provider({ ...endpoints(idp), userInfoUrl: `${idp.issuer}/no-such-endpoint` }),
  }));
});
afterAll(async () => {
  await rig?.close();
});
beforeEach(() => {
  rig.logins.length = 0;
});

async function login(name: string): Promise<{ browser: TestBrowser; response: Response; start: URL }> {
  const browser = new TestBrowser();
  const first = await browser.get(`${rig.baseUrl}/auth/${name}/login`);
  const start = new URL(first.headers.get('location') ?? '');
  const callback = await browser.follow(start, (location) => location.href.startsWith(rig.callbackUrl(name)));
  return { browser, response: await browser.get(callback), start };
}

describe('oauth2Provider', () => {
  it('signs a person in with the code flow and PKCE, reading the profile from the user-info endpoint', async () => {
    const { browser, response, start } = await login('plain');
    expect(start.searchParams.get('code_challenge_method')).toBe('S256');
    expect(start.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(start.searchParams.has('nonce')).toBe(false);
    expect(start.searchParams.get('scope')).toBe('openid email profile');

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect((await verifySession(browser.cookie('kit_session')!.value, rigSecret)).sub).toBe(`user:${testAccount.id}`);
    const [args] = rig.logins;
    expect(args?.provider).toBe('plain');
    expect(args?.profile).toEqual({
      subject: testAccount.id,
      email: testAccount.email,
      emailVerified: true,
      name: testAccount.name,
      picture: testAccount.picture,
      raw: { sub: testAccount.id, email: testAccount.email, email_verified: true, name: testAccount.name, picture: testAccount.picture },
    });
    // The ID token oidc-provider also returns is not OAuth 2.0, and is neither checked nor passed on.
    expect(args?.tokens.idToken).toBeUndefined();
    expect(args?.tokens.accessToken).toEqual(expect.any(String));
  });

  it("checks the callback's iss against a configured issuer (RFC 9207)", async () => {
    expect((await login('checked')).response.status).toBe(302);
    const { response } = await login('wrong-iss');
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { type: string; detail: string };
    expect(problem.type).toBe('/problems/bad-request');
    expect(problem.detail).toBe(
      'OAuth provider "wrong-iss": The callback from ' +
        `${rig.idp.issuer}/auth` +
        ' is not a valid authorization response: unexpected "iss" (issuer) response parameter value.',
    );
  });

  it('maps the user-info answer with a profile function', async () => {
    const { response } = await login('mapped');
    expect(response.status).toBe(302);
    expect(rig.logins[0]?.profile).toMatchObject({ subject: `mapped-${testAccount.id}`, name: 'Custom', raw: { sub: testAccount.id } });
  });

  it('answers 502 when the user-info endpoint fails', async () => {
    const { response } = await login('no-profile');
    expect(response.status).toBe(502);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      `OAuth provider "no-profile": Reading the profile from the user-info endpoint ${rig.idp.issuer}/no-such-endpoint of ${rig.idp.issuer}/auth failed: it answered HTTP 404.`,
    );
    expect(rig.logins).toHaveLength(0);
  });

  it('leaves scope out when no scopes are configured, and adds authorizationParams', async () => {
    const provider = oauth2Provider({
      authorizeUrl: 'https://github.example/login/oauth/authorize?lang=en',
      tokenUrl: 'https://github.example/login/oauth/access_token',
      userInfoUrl: 'https://api.github.example/user',
      clientId: 'client',
      clientSecret: 'secret',
      authorizationParams: { allow_signup: 'false' },
    });
    expect(provider).toMatchObject({
      protocol: 'oauth2',
      server: 'https://github.example/login/oauth/authorize?lang=en',
      clientId: 'client',
      scopes: [],
    });
    const url = await provider.authorizationUrl({ redirectUri: 'https://app.example/auth/gh/callback', state: 's', codeChallenge: 'c' });
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: 'en',
      allow_signup: 'false',
      response_type: 'code',
      client_id: 'client',
      redirect_uri: 'https://app.example/auth/gh/callback',
      state: 's',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
  });

  it('refuses bad options at once with invalid_config', () => {
    const valid: OAuth2ProviderConfig = {
      authorizeUrl: 'https://id.example/authorize',
      tokenUrl: 'https://id.example/token',
      userInfoUrl: 'https://id.example/me',
      clientId: 'c',
      clientSecret: 's',
    };
    const messageOf = (config: Partial<Record<keyof OAuth2ProviderConfig, unknown>>): string => {
      try {
        oauth2Provider({ ...valid, ...config } as OAuth2ProviderConfig);
      } catch (error) {
        expect((error as KitAuthError).code).toBe('invalid_config');
        return (error as Error).message;
      }
      throw new Error('expected oauth2Provider to throw');
    };
    expect(messageOf({ tokenUrl: 'http://id.example/token' })).toBe(
      'oauth2Provider: tokenUrl "http://id.example/token" uses plain http on a host that is not loopback; use https:// (http is accepted only for localhost, 127.0.0.1 and [::1]).',
    );
    expect(messageOf({ authorizeUrl: 'id.example/authorize' })).toBe(
      'oauth2Provider: authorizeUrl must be an absolute https:// URL, got "id.example/authorize".',
    );
    expect(messageOf({ clientSecret: '' })).toContain('clientSecret must be a non-empty string');
    expect(messageOf({ scopes: ['read user'] })).toContain('scopes must be an array of scope names without spaces');
    expect(messageOf({ authorizationParams: { state: 'fixed' } })).toBe(
      'oauth2Provider: authorizationParams may not set state; the login flow sets it (use scopes for scope).',
    );
    expect(messageOf({ tokenAuthMethod: 'private_key_jwt' })).toContain(
      "tokenAuthMethod must be 'client_secret_basic' or 'client_secret_post'",
    );
    expect(messageOf({ profile: 'sub' })).toContain('profile must be a function');
    expect(messageOf({ timeoutMs: 0 })).toContain('timeoutMs must be a positive number of milliseconds');
  });
});
