import { defineConfig } from '@kit/kit-core';
import { createOpsStore, opsMiddleware } from '@kit/kit-ops';

// Every request is recorded in the ops store (.kit/ops.sqlite, or KIT_OPS_STORE), which `kit ops:events`,
// `ops:incidents`, `ops:health` and `ops:tail` read.
const ops = createOpsStore({ path: process.env.KIT_OPS_STORE || '.kit/ops.sqlite' });

// The app's configuration. Routes come from the files under app/routes (the router reads them);
// `database` is where `kit db:migrate` and `kit db:push` work.
export default defineConfig({
  info: { title: '{{title}}', version: '0.1.0' },
  database: { provider: 'sqlite', url: 'data/app.db' },
  middleware: [opsMiddleware(ops)],
});
