import { datetime, defineModel, id, integer, string } from '@kit/kit-db';

/**
 * A session signed out before it expired (`session:<id>`), or every session of a person up to a moment
 * (`subject:<user id>`): the store of createSessionRevocation (app/lib/auth.ts). Rows are dropped once the
 * sessions they concern have expired.
 */
export const sessionRevocation = defineModel('sessionRevocation', {
  id: id(),
  target: string({ maxLength: 200 }).unique(),
  // When it was revoked, in milliseconds since 1970.
  revokedAt: integer({ big: true }),
  expiresAt: datetime().index(),
});

export default sessionRevocation;
