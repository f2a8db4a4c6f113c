import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { oidcProvider, type OidcProviderConfig } from './oidc-provider.js';
import { TestBrowser } from './testing/browser.js';
import { startLoginRig, type LoginRig } from './testing/login-rig.js';

let rig: LoginRig;

beforeAll(async () => {
  rig = await startLoginRig(['idp', 'narrow', 'wrong-secret'], (idp) => ({
    idp: oidcProvider({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
    narrow: oidcProvider({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scopes: ['email'],
      authorizationParams: { prompt: 'login' },
    }),
    'wrong-secret': oidcProvider({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: 'not-the-secret' }),
  }));
});
afterAll(async () => {
  await rig?.close();
});

const discoveryPath = '/.well-known/openid-configuration';

async function rejection(promise: Promise<unknown>): Promise<KitAuthError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KitAuthError);
    return error as KitAuthError;
  }
  throw new Error('expected a rejection');
}

describe('oidcProvider', () => {
  it('reads the discovery document once for every login', async () => {
    for (let login = 0; login < 3; login += 1) {
      const browser = new TestBrowser();
      const callback = await browser.follow(`${rig.baseUrl}/auth/idp/login`, (location) =>
        location.href.startsWith(rig.callbackUrl('idp')),
      );
      expect((await browser.get(callback)).status).toBe(302);
    }
    expect(rig.idp.requests(discoveryPath)).toBe(1);
  });

  it('always asks for openid, and passes authorizationParams', async () => {
    const response = await new TestBrowser().get(`${rig.baseUrl}/auth/narrow/login`);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('scope')).toBe('openid email');
    expect(location.searchParams.get('prompt')).toBe('login');
  });

  it('answers 502 oauth_exchange_failed when the provider refuses the client credentials', async () => {
    const browser = new TestBrowser();
    const callback = await browser.follow(`${rig.baseUrl}/auth/wrong-secret/login`, (location) =>
      location.href.startsWith(rig.callbackUrl('wrong-secret')),
    );
    const response = await browser.get(callback);
    expect(response.status).toBe(502);
    const { detail } = (await response.json()) as { detail: string };
    expect(detail).toMatch(
      new RegExp(
        `^OAuth provider "wrong-secret": The code exchange at the token endpoint of ${rig.idp.issuer} failed: it answered HTTP 401 with a basic challenge "invalid_client" \\(check clientId and clientSecret\\)\\.$`,
      ),
    );
    expect(detail).not.toContain('not-the-secret');
  });

  it('names the issuer its discovery document states when it differs from the configured one', async () => {
    const port = new URL(rig.idp.issuer).port;
    const provider = oidcProvider({ issuer: `http://localhost:${port}`, clientId: 'c', clientSecret: 's' });
    const error = await rejection(provider.prepare());
    expect(error.code).toBe('oauth_discovery_failed');
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      `OpenID Connect discovery failed for issuer http://localhost:${port}: its discovery document names the issuer "${rig.idp.issuer}". ` +
        'Check that the issuer is exactly the "issuer" of its /.well-known/openid-configuration and that this server can reach it.',
    );
  });

  it('reports the HTTP status of a discovery document that is not there', async () => {
    const provider = oidcProvider({ issuer: `${rig.idp.issuer}/tenant`, clientId: 'c', clientSecret: 's' });
    const error = await rejection(provider.prepare());
    expect(error.message).toContain(`discovery failed for issuer ${rig.idp.issuer}/tenant: it answered HTTP 404.`);
  });

  it('gives up on a provider that does not answer after timeoutMs', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const provider = oidcProvider({ issuer: `http://127.0.0.1:${port}`, clientId: 'c', clientSecret: 's', timeoutMs: 150 });
      const started = Date.now();
      const error = await rejection(provider.prepare());
      expect(Date.now() - started).toBeLessThan(2000);
      expect(error.message).toContain(`discovery failed for issuer http://127.0.0.1:${port}: no answer within 150 ms.`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('exposes what it was configured with, and never the secret', () => {
    const provider = oidcProvider({ issuer: 'https://id.example.com', clientId: 'client', clientSecret: 'secret-value' });
    expect(provider).toMatchObject({
      protocol: 'oidc',
      server: 'https://id.example.com',
      clientId: 'client',
      scopes: ['openid', 'email', 'profile'],
    });
    expect(JSON.stringify(provider)).not.toContain('secret-value');
  });

  it('refuses bad options at once with invalid_config', () => {
    const valid: OidcProviderConfig = { issuer: 'https://id.example.com', clientId: 'c', clientSecret: 's' };
    const messageOf = (config: Partial<Record<keyof OidcProviderConfig, unknown>>): string => {
      try {
        oidcProvider({ ...valid, ...config } as OidcProviderConfig);
      } catch (error) {
        expect((error as KitAuthError).code).toBe('invalid_config');
        return (error as Error).message;
      }
      throw new Error('expected oidcProvider to throw');
    };
    expect(messageOf({ issuer: 'http://id.example.com' })).toBe(
      'oidcProvider: issuer "http://id.example.com" uses plain http on a host that is not loopback; use https:// (http is accepted only for localhost, 127.0.0.1 and [::1]).',
    );
    expect(messageOf({ issuer: 'https://user:pw@id.example.com' })).toContain('must not carry credentials');
    expect(messageOf({ clientId: undefined })).toBe(
      "oidcProvider: clientId must be a non-empty string (from the provider's app registration), got nothing.",
    );
    expect(messageOf({ scopes: 'openid email' })).toContain('scopes must be an array');
    expect(messageOf({ authorizationParams: { nonce: 'fixed' } })).toContain('authorizationParams may not set nonce');
  });
});
