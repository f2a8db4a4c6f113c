import { KitError, type KitContext } from '@kit/kit-core';

/** For the loaders of pages only signed-in people see: a 401, which the error page turns into a sign-in link. */
export function requireMember(ctx: KitContext): void {
  if (ctx.authType !== 'human') throw new KitError('unauthorized', 'Sign in to see the tickets.');
}
