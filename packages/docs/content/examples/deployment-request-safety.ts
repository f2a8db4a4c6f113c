// ---
// title: Body limits, trusted origins and page headers in kit.config.ts
// description: Sets the app-wide body limits, lets one other origin's pages post to the app, relaxes the page security headers for a CDN, and gives an upload endpoint a larger body limit of its own with app.mount.
// topics: [deployment, middleware]
// relatedDocs: /docs/kit-core#cross-site-requests
// ---
import { defineConfig, definePlugin, env } from '@kit/kit-core';

// POST /files takes uploads of up to 20 MiB; every other body stays within the app's 32 KiB.
const uploads = definePlugin({
  name: 'uploads',
  setup: (app) =>
    app.mount(
      '/files',
      ['POST'],
      async (request) => {
        const bytes = await request.arrayBuffer();
        return Response.json({ size: bytes.byteLength }, { status: 201 });
      },
      { maxBodyBytes: 20 * 1024 * 1024, bodyTimeoutMs: 60_000 },
    ),
});

export default defineConfig({
  routes: {},
  plugins: [uploads],
  maxBodyBytes: 32 * 1024,
  bodyTimeoutMs: 5_000,
  // The admin front end on its own origin posts to this app with the visitor's session cookie.
  trustedOrigins: env('ADMIN_ORIGIN') ? [env('ADMIN_ORIGIN')] : [],
  securityHeaders: {
    contentSecurityPolicy: { 'img-src': "'self' data: https://images.example.com" },
    referrerPolicy: 'same-origin',
  },
});
