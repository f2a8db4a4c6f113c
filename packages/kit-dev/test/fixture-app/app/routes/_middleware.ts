import { defineMiddleware } from '@kit/kit-core';

// Every answer of the app says it went through the root middleware file.
export default defineMiddleware({
  name: 'fixture-root',
  handler: async ({ next }) => {
    const response = await next();
    response.headers.set('X-Fixture-Root', 'yes');
    return response;
  },
});
