import { navigationHeader } from '../state/state.js';

/**
 * The `303 See Other` that sends a signed-out person from a page that needs them signed in to the
 * sign-in page, with `next` naming where they were (path and query only, so it cannot point at another
 * site). Null when the request is for the sign-in page itself, which must not send anyone in a circle.
 */
export function signInRedirect(request: Request, signInPage: string): Response | null {
  const url = new URL(request.url);
  const target = new URL(signInPage, url);
  if (target.pathname === url.pathname) return null;
  target.searchParams.set('next', url.pathname + url.search);
  return new Response(null, {
    status: 303,
    headers: {
      Location: target.pathname + target.search,
      'Cache-Control': 'no-store',
      // The navigation payload of the same URL is sent to the same place; caches keep the two apart.
      Vary: navigationHeader,
    },
  });
}
