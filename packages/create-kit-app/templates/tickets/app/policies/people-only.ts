import { definePolicy } from '@kit/kit-core';

/** API keys are made and revoked by people who signed in, never by an agent with a key. */
export const peopleOnly = definePolicy({
  key: 'people-only',
  title: 'Only signed-in people manage API keys',
  effect: 'deny',
  check: async ({ ctx }) => ({ applies: ctx.authType !== 'human', reason: 'sign in to manage API keys' }),
});

export default peopleOnly;
