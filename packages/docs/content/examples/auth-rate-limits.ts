// ---
// title: Rate limits per auth type
// description: Gives anonymous callers, signed-in people and agents their own limits with defineRateLimit's perAuthType; createAuthMiddleware resolves the auth type before the limit is counted, and a request with a refused key counts as anonymous.
// topics: [authentication]
// relatedDocs: /docs/authentication#rate-limits
// ---
import { createAuthMiddleware, generateApiKey, type ApiKeyRecord } from '@kit/kit-auth';
import { createKitApp, defineAPI, defineRateLimit, env } from '@kit/kit-core';
import { z } from 'zod';

// RATE_LIMIT_REQUESTS=300 RATE_LIMIT_WINDOW=1m; env() returns '' when a variable is unset.
const requests = Number(env('RATE_LIMIT_REQUESTS') || '100');
const window = env('RATE_LIMIT_WINDOW') || '1m';

export const rateLimit = defineRateLimit({
  // Signed-in people (human) get the default.
  default: { requests, window },
  perAuthType: {
    anonymous: { requests: 2, window: '1m' },
    agent: { requests: requests * 10, window },
  },
});

const bot = generateApiKey();
const keys = new Map<string, ApiKeyRecord>([[bot.prefix, { subject: 'agent:triage-bot', hash: bot.hash }]]);

const app = createKitApp({
  // createKitApp runs the authenticate step first, so the limit counts the resolved auth type.
  middleware: [createAuthMiddleware({}, { findApiKey: (prefix) => keys.get(prefix) ?? null })],
  rateLimit,
  routes: {
    'GET /api/tickets': defineAPI({ input: z.object({}), cache: 'no-store', handler: async () => ({ tickets: [] }) }),
  },
});

const get = (headers: Record<string, string> = {}) => app.fetch(new Request('http://localhost/api/tickets', { headers }));

for (let i = 0; i < 3; i += 1) console.log('anonymous', (await get()).status); // 200, 200, 429
const agent = await get({ 'x-api-key': bot.key });
console.log('agent', agent.status, agent.headers.get('RateLimit-Policy')); // 200 1000;w=60
// A key that is refused counts as anonymous, whose budget is spent: 429 before the 401.
console.log('unknown key', (await get({ 'x-api-key': generateApiKey().key })).status); // 429
