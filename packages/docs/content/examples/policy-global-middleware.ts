// ---
// title: Enforcing application-wide policies in a middleware
// description: Evaluates a list of policies for every request with enforcePolicies inside a middleware and refuses a deny decision with a KitError, which the app answers as a 403 problem document; approve and redact stay with the routes that name a policy.
// topics: [policy, middleware]
// relatedDocs: /docs/policies-and-approvals#enforcepolicies
// ---
import { createKitApp, defineAPI, defineConfig, defineMiddleware, definePolicy, enforcePolicies, env, KitError } from '@kit/kit-core';
import { z } from 'zod';

const maintenanceWindow = definePolicy({
  key: 'maintenance-window',
  title: 'Writes are paused during maintenance',
  effect: 'deny',
  // MAINTENANCE=1 turns the window on without a redeploy.
  check: async ({ ctx }) =>
    env('MAINTENANCE') === '1' && ctx.request.method !== 'GET' && ctx.request.method !== 'HEAD'
      ? { applies: true, reason: 'maintenance is in progress; try again in a few minutes' }
      : { applies: false },
});

const agentsNeverDelete = definePolicy({
  key: 'agents-never-delete',
  title: 'Agents may not delete anything',
  effect: 'deny',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent' && ctx.request.method === 'DELETE', reason: 'ask a person to delete it' }),
});

const applicationPolicies = [maintenanceWindow, agentsNeverDelete];

export const policyGate = defineMiddleware({
  name: 'policy-gate',
  handler: async ({ ctx, next }) => {
    // The most restrictive effect that applies wins; ctx already carries the authenticated caller.
    const decision = await enforcePolicies(applicationPolicies, ctx);
    if (decision.effect === 'deny') {
      // Thrown KitErrors become problem documents: 403, type /problems/forbidden, this detail.
      throw new KitError('forbidden', `Policy "${decision.policy}" denies this call: ${decision.reason ?? 'no reason given'}.`);
    }
    // An approve decision needs the call's route and input to hold it: name such a policy on the route instead.
    return next();
  },
});

const config = defineConfig({
  routes: {
    'DELETE /api/tickets/:id': defineAPI({
      description: 'Deletes a ticket.',
      capability: 'write',
      input: z.strictObject({ id: z.string() }),
      handler: async ({ input }) => ({ deleted: input.id }),
    }),
  },
  middleware: [policyGate],
  policies: applicationPolicies,
});
export default config;

// In process: an anonymous delete passes the gate (outside maintenance).
const response = await createKitApp(config).fetch(new Request('http://localhost/api/tickets/t-1', { method: 'DELETE' }));
console.log(response.status, await response.json()); // 200 { deleted: 't-1' }
