// ---
// title: Agents and people on one route
// description: An app with createAuthMiddleware that accepts a session from signSession and an API key from generateApiKey, calling one route with app.fetch as an anonymous caller, a person and an agent, and printing ctx.authType and ctx.auth for each.
// topics: [authentication, agents]
// relatedDocs: /docs/authentication#resolution-order
// ---
import { randomBytes } from 'node:crypto';
import { createAuthMiddleware, generateApiKey, signSession, type ApiKeyRecord } from '@kit/kit-auth';
import { createKitApp, defineAPI, env } from '@kit/kit-core';
import { z } from 'zod';

// At least 32 characters; a random one when SESSION_SECRET is unset, so sessions end with the process.
const sessionSecret = env('SESSION_SECRET') || randomBytes(48).toString('base64');

// An agent's key: the record keeps the prefix and the hash; the key goes to the agent once.
const issued = generateApiKey();
const apiKeys = new Map<string, ApiKeyRecord>([
  [issued.prefix, { subject: 'agent:triage-bot', hash: issued.hash, permissions: ['tickets:read', 'tickets:comments:create'] }],
]);

const auth = createAuthMiddleware({ sessionSecret }, { findApiKey: (prefix) => apiKeys.get(prefix) ?? null });

const app = createKitApp({
  middleware: [auth],
  routes: {
    'GET /api/whoami': defineAPI({
      description: 'Tells the caller how it was authenticated.',
      input: z.object({}),
      cache: 'no-store',
      handler: async ({ ctx }) => ({
        authType: ctx.authType,
        subject: ctx.auth?.subject ?? null,
        method: ctx.auth?.method ?? null,
        permissions: ctx.auth?.permissions ?? [],
      }),
    }),
  },
});

const whoami = async (headers: Record<string, string> = {}) => {
  const response = await app.fetch(new Request('http://localhost/api/whoami', { headers }));
  return { status: response.status, body: await response.json() };
};

// A person: the session a login route put in the kit_session cookie.
const session = await signSession({ sub: 'user_42', permissions: ['tickets:*'] }, sessionSecret, '1h');

console.log('anonymous', await whoami());
console.log('human    ', await whoami({ cookie: `kit_session=${session}` }));
console.log('agent    ', await whoami({ authorization: `Bearer ${issued.key}` }));
// The same key in X-API-Key; a key wins over a session sent with it.
console.log('agent    ', await whoami({ 'x-api-key': issued.key, cookie: `kit_session=${session}` }));
// Bad credentials are refused with a 401 problem, never treated as anonymous.
console.log('bad key  ', await whoami({ 'x-api-key': generateApiKey().key }));
