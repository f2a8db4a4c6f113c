// ---
// title: CORS headers for a browser front end
// description: Answers preflight requests and adds CORS headers for a list of allowed origins read from the environment with env().
// topics: [middleware, deployment]
// relatedDocs: /docs/routing#middleware
// ---
import { defineMiddleware, env } from '@kit/kit-core';

// ALLOWED_ORIGINS="https://app.example.com,https://admin.example.com"; env() gives '' when unset.
const allowedOrigins = new Set(
  env('ALLOWED_ORIGINS')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== ''),
);

function corsHeaders(origin: string): Headers {
  return new Headers({
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
    'access-control-allow-headers': 'content-type, authorization',
    vary: 'origin',
  });
}

export default defineMiddleware({
  name: 'cors',
  handler: async ({ request, next }) => {
    const origin = request.headers.get('origin');
    if (origin === null || !allowedOrigins.has(origin)) return next();

    if (request.method === 'OPTIONS') {
      return new Response(null, { status: 204, headers: corsHeaders(origin) });
    }
    const response = await next();
    const withCors = new Response(response.body, response);
    corsHeaders(origin).forEach((value, name) => withCors.headers.set(name, value));
    return withCors;
  },
});
