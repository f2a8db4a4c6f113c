import { defineConfig } from 'vitest/config';

// The tests run against a fresh in-memory database (tests/support.ts applies the migrations to it) with
// a session secret of their own, whatever .env says.
export default defineConfig({
  test: {
    env: { DATABASE_URL: ':memory:', SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-sessions' },
  },
});
