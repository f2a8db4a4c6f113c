import { defineConfig } from '@kit/kit-core';

// The app's configuration. Routes come from the files under app/routes (the router reads them);
// `database` is where `kit db:migrate` and `kit db:push` work.
export default defineConfig({
  info: { title: '{{title}}', version: '0.1.0' },
  database: { provider: 'sqlite', url: 'data/app.db' },
});
