import { checkPermission } from '@kit/kit-auth';
import type { KitContext } from '@kit/kit-core';
import { callerName } from './auth.js';

/** The signed-in person as the pages need them (loader data is plain JSON). */
export interface Viewer {
  readonly name: string;
  readonly reviewer: boolean;
}

/** The person viewing the page, or null when nobody is signed in. */
export function viewerOf(ctx: KitContext): Viewer | null {
  if (ctx.authType !== 'human' || ctx.auth === undefined) return null;
  return { name: callerName(ctx), reviewer: checkPermission('approvals:decide', ctx.auth.permissions) };
}
