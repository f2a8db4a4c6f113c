/**
 * The server of `npm run bench:auth`, in its own process so the load generator does not share its event loop.
 * Serves the same route from two kit apps: one without authentication (the baseline) and one behind
 * `createAuthMiddleware` (sessions, checked for revocation, and API keys, the key record found in a Map), and `GET /api/cpu` (the CPU time
 * the process has used) on the first. Prints one JSON line with the ports and the credentials to send.
 */
import { createKitApp, defineAPI } from '@kit/kit-core';
import {
  createAuthMiddleware,
  createSessionRevocation,
  generateApiKey,
  MemoryRevocationStore,
  signSession,
  type ApiKeyRecord,
} from '@kit/kit-auth';
import { z } from 'zod';
import { benchSessionSecret as sessionSecret } from './shared.js';

const { key, hash, prefix } = generateApiKey();
const keys = new Map<string, ApiKeyRecord>([[prefix, { subject: 'agent:bench', hash, permissions: ['hello:read'] }]]);
// Other records, so the look-up is in a map of realistic size.
for (let index = 0; index < 1_000; index += 1) {
  const other = generateApiKey();
  keys.set(other.prefix, { subject: `agent:${index}`, hash: other.hash });
}

const hello = defineAPI({
  input: z.object({}),
  handler: async ({ ctx }) => ({ message: 'hello', caller: ctx.auth?.subject ?? 'anonymous', type: ctx.authType }),
});

// CPU time this process has used, in µs, so the runner can tell what each request costs the server itself,
// which a shared machine disturbs far less than requests per second.
const cpu = defineAPI({
  input: z.object({}),
  cache: 'no-store',
  handler: async () => {
    const { user, system } = process.cpuUsage();
    return { micros: user + system };
  },
});

const plain = createKitApp({ routes: { 'GET /api/hello': hello, 'GET /api/cpu': cpu } });
// Sessions are checked for revocation as an app that can sign people out does (each process keeps what it read for 5 s).
const revocation = createSessionRevocation({ store: new MemoryRevocationStore() });
const auth = createAuthMiddleware({ sessionSecret, revocation }, { findApiKey: (candidate) => keys.get(candidate) ?? null });
const protectedApp = createKitApp({ middleware: [auth], routes: { 'GET /api/hello': hello } });

const [plainServer, authServer] = await Promise.all([plain.listen({ port: 0 }), protectedApp.listen({ port: 0 })]);
const session = await signSession({ sub: 'user_bench', name: 'Bench' }, sessionSecret);
process.stdout.write(
  `${JSON.stringify({ plainPort: plainServer.port, authPort: authServer.port, cookie: `kit_session=${session}`, apiKey: key })}\n`,
);
process.on('SIGTERM', () => {
  void Promise.all([plainServer.close(), authServer.close()]).then(() => process.exit(0));
});
