// ---
// title: Reading the request context in a handler
// description: Uses the KitContext passed to every handler to tell humans, agents and anonymous callers apart, read who the authenticated caller is (ctx.auth) and where the connection comes from (ctx.connection), and tag the answer with the request id.
// topics: [defineAPI, authentication]
// relatedDocs: /docs/core-concepts#handler-and-kitcontext
// ---
import { createKitApp, defineAPI, defineMiddleware } from '@kit/kit-core';
import { z } from 'zod';

export const whoAmI = defineAPI({
  description: 'Tells the caller how the framework sees them: anonymous, human or agent.',
  capability: 'read',
  output: z.object({
    requestId: z.string(),
    authType: z.enum(['anonymous', 'human', 'agent']),
    subject: z.string().nullable(),
    permissions: z.array(z.string()),
    remoteAddress: z.string().nullable(),
    greeting: z.string(),
  }),
  handler: async ({ ctx }) => {
    const greeting =
      ctx.authType === 'agent'
        ? 'Hello, agent. Every route you may call is listed as a tool.'
        : ctx.authType === 'human'
          ? `Welcome back, ${ctx.auth?.subject}.`
          : 'Hello. Sign in to see your tickets.';
    return {
      requestId: ctx.requestId,
      authType: ctx.authType,
      // Set by an authentication middleware; absent for anonymous callers.
      subject: ctx.auth?.subject ?? null,
      permissions: [...(ctx.auth?.permissions ?? [])],
      // Set when the app is served by listen() or a Node server; over HTTPS it also has tls.
      remoteAddress: ctx.connection?.remoteAddress ?? null,
      greeting,
    };
  },
});

// A stand-in for createAuthMiddleware of @kit/kit-auth: "Authorization: Bearer ada" is the person user:ada.
const demoSignIn = defineMiddleware({
  name: 'demo-sign-in',
  authenticate: async ({ request, ctx }) =>
    request.headers.get('authorization') === 'Bearer ada'
      ? { ...ctx, authType: 'human', auth: { subject: 'user:ada', method: 'session', permissions: ['tickets:read'] } }
      : ctx,
  handler: async ({ next }) => next(),
});

const server = await createKitApp({ middleware: [demoSignIn], routes: { 'GET /api/me': whoAmI } }).listen({ port: 0 });
const url = `http://127.0.0.1:${server.port}/api/me`;
console.log(await (await fetch(url, { headers: { authorization: 'Bearer ada', 'x-request-id': 'req-1' } })).json());
// { requestId: 'req-1', authType: 'human', subject: 'user:ada', permissions: [ 'tickets:read' ], remoteAddress: '127.0.0.1', greeting: 'Welcome back, user:ada.' }
console.log(await (await fetch(url)).json());
// { requestId: '…', authType: 'anonymous', subject: null, permissions: [], remoteAddress: '127.0.0.1', greeting: 'Hello. Sign in to see your tickets.' }
await server.close();
