import { defineConfig, definePlugin, definePolicy, defineWebSocket } from '@kit/kit-core';

/** Titles the fixture refuses, so the policy has something to deny over HTTP and MCP alike. */
const reservedTitles = new Set(['forbidden']);

// A form endpoint, as a sign-in form posts to one: it reads the form and sends the browser on with a 303.
const feedback = definePlugin({
  name: 'feedback',
  setup: (app) =>
    app.mount('/feedback', ['POST'], async (request) => {
      const form = await request.formData();
      return new Response(null, {
        status: 303,
        headers: { Location: `/about?thanks=${encodeURIComponent(String(form.get('name') ?? ''))}` },
      });
    }),
});

export default defineConfig({
  info: { title: 'Fixture tickets', version: '1.0.0', description: 'The kit-dev fixture: tickets for people and agents.' },
  routes: {},
  plugins: [feedback],
  // Served by the dev server and by startApp on their own HTTP server, through the middleware files.
  websockets: [
    defineWebSocket('/ws/echo', { message: (socket, data) => void socket.send(typeof data === 'string' ? `echo: ${data}` : data) }),
  ],
  policies: [
    definePolicy({
      key: 'no-reserved-titles',
      title: 'Reserved ticket titles are refused',
      effect: 'deny',
      check: async ({ input }) => {
        const title = (input as { title?: unknown } | undefined)?.title;
        return { applies: typeof title === 'string' && reservedTitles.has(title), reason: `the title "${String(title)}" is reserved` };
      },
    }),
  ],
});
