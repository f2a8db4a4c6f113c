import { defineConfig } from 'vitest/config';

// The release journey: slow (it installs two apps from a registry), so it runs on its own with
// `npm run test:release`, after the main suite, and never in parallel with itself.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/release/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 20 * 60_000,
  },
});
