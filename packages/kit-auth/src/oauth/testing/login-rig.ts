import { createKitApp, type KitServer } from '@kit/kit-core';
import { freePort } from '../../../../../test-support/redis-server.js';
import {
  createOAuthHandlers,
  type OAuthHandlers,
  type OAuthHandlersConfig,
  type OAuthLoginArgs,
  type OAuthSessionClaims,
} from '../create-oauth-handlers.js';
import type { OAuthProvider } from '../oauth-types.js';
import { startIdentityProvider, type TestIdentityProvider } from './identity-provider.js';

/** The session secret of the rig's app. */
export const rigSecret = 'a-test-session-secret-of-at-least-32-characters';

/** A kit app with OAuth handlers and a real identity provider, both listening on 127.0.0.1. */
export interface LoginRig {
  readonly idp: TestIdentityProvider;
  /** The app's origin, `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  readonly handlers: OAuthHandlers;
  /** Every call `onLogin` received. */
  readonly logins: OAuthLoginArgs[];
  /** Every error the app answered with a 500 (its `onError`). */
  readonly errors: unknown[];
  /** What `onLogin` answers from now on; default `{ sub: 'user:<subject>', email, provider }`. */
  answerLogin(answer: (args: OAuthLoginArgs) => Promise<OAuthSessionClaims | null>): void;
  /** The app's callback URL of a provider name. */
  callbackUrl(name: string): string;
  close(): Promise<void>;
}

/** The `onLogin` of the rig until a test changes it. */
export const defaultLoginAnswer = async ({ provider, profile }: OAuthLoginArgs): Promise<OAuthSessionClaims> => ({
  sub: `user:${profile.subject}`,
  provider,
  ...(profile.email === undefined ? {} : { email: profile.email }),
});

/**
 * Starts the identity provider (its client allows the callbacks of every name in `names`), then a kit app
 * on a free port with `createOAuthHandlers` mounted over the providers `build` makes.
 */
export async function startLoginRig(
  names: readonly string[],
  build: (idp: TestIdentityProvider) => Record<string, OAuthProvider>,
  options: Partial<Pick<OAuthHandlersConfig, 'successRedirect' | 'sessionMaxAge'>> = {},
): Promise<LoginRig> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const callbackUrl = (name: string) => `${baseUrl}/auth/${name}/callback`;
  const idp = await startIdentityProvider(names.map(callbackUrl));
  const logins: OAuthLoginArgs[] = [];
  const errors: unknown[] = [];
  let answer = defaultLoginAnswer as (args: OAuthLoginArgs) => Promise<OAuthSessionClaims | null>;
  let server: KitServer | undefined;
  try {
    const handlers = createOAuthHandlers({
      providers: build(idp),
      baseUrl,
      sessionSecret: rigSecret,
      onLogin: async (args) => {
        logins.push(args);
        return answer(args);
      },
      ...options,
    });
    const app = createKitApp({ routes: {}, onError: (error) => errors.push(error) });
    handlers.mount(app);
    server = await app.listen({ port });
    const listening = server;
    return {
      idp,
      baseUrl,
      handlers,
      logins,
      errors,
      answerLogin: (next) => (answer = next),
      callbackUrl,
      close: async () => {
        listening.server.closeAllConnections();
        await Promise.all([listening.close(), idp.close()]);
      },
    };
  } catch (error) {
    await idp.close();
    throw error;
  }
}
