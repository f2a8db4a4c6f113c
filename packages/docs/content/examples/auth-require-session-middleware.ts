// ---
// title: Protecting an admin area with verifySession
// description: A _middleware.ts for the admin directory that reads the session token from a cookie, verifies it with verifySession and answers 401 when there is no valid session.
// topics: [authentication, middleware]
// relatedDocs: /docs/authentication#verifysession
// ---
// src/routes/admin/_middleware.ts
import { verifySession } from '@kit/kit-auth';
import { defineMiddleware, env } from '@kit/kit-core';

// The cookie name is your application's choice; use the one your login route sets.
const SESSION_COOKIE = 'session';

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function unauthorized(detail: string): Response {
  return Response.json(
    { type: 'about:blank', title: 'Unauthorized', status: 401, detail },
    { status: 401, headers: { 'content-type': 'application/problem+json' } },
  );
}

export default defineMiddleware({
  name: 'require-admin-session',
  handler: async ({ request, next }) => {
    const token = readCookie(request, SESSION_COOKIE);
    if (token === null) return unauthorized('Sign in to open the admin area.');

    // Treat any token that fails verification as no session at all.
    let session: unknown = null;
    try {
      session = await verifySession(token, env('SESSION_SECRET'));
    } catch {
      session = null;
    }
    if (!session) return unauthorized('Your session has expired or is invalid; sign in again.');
    return next();
  },
});
