// ---
// title: Evaluating several policies with enforcePolicies
// description: Calls enforcePolicies with three policies and shows that the most restrictive applicable effect wins, with the key and reason of the policy that decided.
// topics: [policy]
// relatedDocs: /docs/policies-and-approvals#enforcepolicies
// ---
import { definePolicy, enforcePolicies, type KitContext } from '@kit/kit-core';

const businessHoursOnly = definePolicy({
  key: 'business-hours-only',
  title: 'Deletes only during business hours',
  effect: 'deny',
  check: async () => {
    const hour = new Date().getUTCHours();
    return hour >= 8 && hour < 18 ? { applies: false } : { applies: true, reason: 'Outside 08:00-18:00 UTC.' };
  },
});

const agentsNeedApproval = definePolicy({
  key: 'agents-need-approval',
  title: 'Agents need a human to approve deletes',
  effect: 'approve',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'Deletes by agents are reviewed.' }),
});

const everyoneMayRead = definePolicy({
  key: 'everyone-may-read',
  title: 'Reading is always allowed',
  effect: 'allow',
  check: async () => ({ applies: true }),
});

// A context as the framework would build it for an agent's request.
const ctx: KitContext = {
  requestId: 'req-42',
  authType: 'agent',
  request: new Request('http://localhost/api/tickets/t-1', { method: 'DELETE' }),
};

const decision = await enforcePolicies([everyoneMayRead, agentsNeedApproval, businessHoursOnly], ctx, { id: 't-1' });

// During business hours this prints "approve agents-need-approval ...";
// outside them the deny policy is more restrictive and wins.
console.log(decision.effect, decision.policy, decision.reason);
