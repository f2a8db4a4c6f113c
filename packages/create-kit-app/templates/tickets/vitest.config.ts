import { defineConfig } from 'vitest/config';

// The tests run against a fresh in-memory database (tests/support.ts applies the migrations to it) with
// a session secret of their own, whatever .env says. Each sign-up and sign-in hashes a password with
// scrypt, which is slow on purpose (about a tenth of a second), hence the longer time per test.
export default defineConfig({
  test: {
    env: { DATABASE_URL: ':memory:', SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-sessions' },
    testTimeout: 30_000,
  },
});
