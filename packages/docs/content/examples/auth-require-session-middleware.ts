// ---
// title: Protecting an admin area with verifySession
// description: A _middleware.ts for the admin directory that reads the session cookie with readSessionCookie, verifies it with verifySession, answers session_expired and the other KitAuthError codes with a 401 that clears the cookie, and lets only sessions with an admin role through.
// topics: [authentication, middleware]
// relatedDocs: /docs/authentication#verifysession
// ---
// app/routes/admin/_middleware.ts
// An app that runs createAuthMiddleware has already verified the session: checking ctx.authType and
// ctx.auth.claims is then enough. This file shows verifySession and its errors on their own.
import { clearSessionCookie, KitAuthError, readSessionCookie, verifySession, type SessionPayload } from '@kit/kit-auth';
import { defineMiddleware, env, KitError } from '@kit/kit-core';

export default defineMiddleware({
  name: 'require-admin-session',
  handler: async ({ request, next }) => {
    // __Host-kit_session, or kit_session over plain HTTP; never one of two cookies another site may have planted.
    const token = readSessionCookie(request);
    if (!token) throw new KitError('unauthorized', 'Sign in to open the admin area.', { headers: { 'WWW-Authenticate': 'Bearer' } });

    let session: SessionPayload;
    try {
      session = await verifySession(token, env('SESSION_SECRET'));
    } catch (error) {
      // invalid_config (a SESSION_SECRET shorter than 32 characters) is the server's problem: a 500.
      if (!(error instanceof KitAuthError) || error.code === 'invalid_config') throw error;
      // session_malformed, session_invalid or session_expired: 401, and the browser forgets the cookie.
      const detail = error.code === 'session_expired' ? 'Your session has expired; sign in again.' : 'Your session is not valid; sign in again.';
      throw new KitError('unauthorized', detail, {
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"', 'Set-Cookie': clearSessionCookie({ secure: new URL(request.url).protocol === 'https:' }) },
        cause: error,
      });
    }

    if (session.role !== 'admin') throw new KitError('forbidden', 'The admin area is open to administrators only.');
    return next();
  },
});
