// ---
// title: Enforcing application-wide policies in a middleware
// description: Evaluates a list of policies for every request with enforcePolicies inside a middleware, answering 403 for deny and for approve, and passing the request on otherwise.
// topics: [policy, middleware]
// relatedDocs: /docs/policies-and-approvals#enforcepolicies
// ---
import { defineConfig, defineMiddleware, definePolicy, enforcePolicies } from '@kit/kit-core';

const maintenanceWindow = definePolicy({
  key: 'maintenance-window',
  title: 'Writes are paused during maintenance',
  effect: 'deny',
  // MAINTENANCE=1 turns the window on without a redeploy.
  check: async ({ ctx }) =>
    process.env.MAINTENANCE === '1' && ctx.request.method !== 'GET' && ctx.request.method !== 'HEAD'
      ? { applies: true, reason: 'Maintenance is in progress; try again in a few minutes.' }
      : { applies: false },
});

const agentsDeleteWithApproval = definePolicy({
  key: 'agents-delete-with-approval',
  title: 'Deletes by agents need a human decision',
  effect: 'approve',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent' && ctx.request.method === 'DELETE' }),
});

const applicationPolicies = [maintenanceWindow, agentsDeleteWithApproval];

export const policyGate = defineMiddleware({
  name: 'policy-gate',
  handler: async ({ ctx, next }) => {
    // The most restrictive effect that applies wins.
    const decision = await enforcePolicies(applicationPolicies, ctx);
    if (decision.effect !== 'deny' && decision.effect !== 'approve') return next();
    return Response.json(
      {
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
        detail: `${decision.policy ?? 'a policy'}: ${decision.reason ?? (decision.effect === 'approve' ? 'this call needs an approval' : 'this call is denied')}`,
      },
      { status: 403, headers: { 'content-type': 'application/problem+json' } },
    );
  },
});

export default defineConfig({ routes: {}, middleware: [policyGate], policies: applicationPolicies });
