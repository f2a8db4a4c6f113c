import { defineMiddleware, KitError } from '@kit/kit-core';

const adminKey = 'fixture-admin-key';

/** The admin area: the X-Admin-Key header or the fixture_admin cookie signs the caller in; nothing else gets in. */
export default defineMiddleware({
  name: 'fixture-admin',
  authenticate: async ({ request, ctx }) => {
    const cookie = request.headers.get('cookie') ?? '';
    const fromCookie = cookie.split(';').some((part) => part.trim() === `fixture_admin=${adminKey}`);
    if (request.headers.get('x-admin-key') !== adminKey && !fromCookie) {
      throw new KitError('unauthorized', 'The admin area needs the X-Admin-Key header or the fixture_admin cookie.');
    }
    return { ...ctx, authType: 'human', auth: { subject: 'user:admin', method: 'session', permissions: ['*'] } };
  },
  handler: async ({ next }) => next(),
});
