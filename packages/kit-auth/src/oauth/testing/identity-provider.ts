import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** The person the test identity provider signs in. */
export const testAccount = {
  id: 'ada-1815',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  picture: 'https://example.com/ada.png',
} as const;

/** How the test provider ends its interaction: sign the person in, or answer with an OAuth error. */
export type Decision = { readonly approve: true } | { readonly error: string; readonly description?: string };

/** A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1, for tests. */
export interface TestIdentityProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** How the next interactions end; approve by default. */
  decide(decision: Decision): void;
  /** Serve this key set at the provider's jwks_uri instead of its real one (to test signature checks). */
  serveJwks(jwks: { keys: JWK[] } | undefined): void;
  /** How many requests reached `path` (without query) since the provider started. */
  requests(path: string): number;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 port 0 and answers with `handler` once it is set. */
async function listenLoopback(): Promise<{
  server: Server;
  origin: string;
  handle(handler: (req: IncomingMessage, res: ServerResponse) => void): void;
}> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return { server, origin: `http://127.0.0.1:${port}`, handle: (next) => (handler = next) };
}

/** A fresh RS256 signing key set, as oidc-provider and `serveJwks` take it. */
export async function signingKeys(kid: string): Promise<{ private: { keys: JWK[] }; public: { keys: JWK[] } }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    private: { keys: [{ ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }] },
    public: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] },
  };
}

/**
 * Starts oidc-provider on loopback with one confidential client (client_secret_basic) whose redirect URIs
 * are `redirectUris`, one account (`testAccount`), and an interaction route that completes the login
 * programmatically, as a person clicking through the provider's pages would.
 */
export async function startIdentityProvider(redirectUris: readonly string[]): Promise<TestIdentityProvider> {
  const { server, origin, handle } = await listenLoopback();
  const clientId = 'kit-test-app';
  const clientSecret = 'kit-test-app-secret-that-is-long-enough';
  const keys = await signingKeys('test-key-1');
  let decision: Decision = { approve: true };
  let replacedJwks: { keys: JWK[] } | undefined;
  const counts = new Map<string, number>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [...redirectUris],
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: keys.private as Configuration['jwks'],
    cookies: { keys: ['kit-auth-test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: testAccount.email,
        email_verified: true,
        name: testAccount.name,
        picture: testAccount.picture,
      }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Explicit lifetimes, so the provider does not print a notice for each default it falls back to.
    ttl: { AuthorizationCode: 60, Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
  };
  const provider = new Provider(origin, configuration);
  // oidc-provider reports every rejected request on this event; the tests assert on the HTTP answers instead.
  provider.on('server_error', () => {});
  const callback = provider.callback();

  const interact = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if ('error' in decision) {
      await provider.interactionFinished(
        req,
        res,
        { error: decision.error, ...(decision.description ? { error_description: decision.description } : {}) },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({ accountId: testAccount.id, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: testAccount.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  handle((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (path.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
      return;
    }
    if (path === '/jwks' && replacedJwks) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(replacedJwks));
      return;
    }
    // The provider's handler answers its own errors; nothing waits for it here.
    void callback(req, res);
  });

  return {
    issuer: origin,
    clientId,
    clientSecret,
    decide: (next) => (decision = next),
    serveJwks: (jwks) => (replacedJwks = jwks),
    requests: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
