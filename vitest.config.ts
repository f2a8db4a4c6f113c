import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { exampleTestFiles } from './packages/docs/test/corpus/examples-run.js';
import { missingToolsSettings } from './test-support/missing-tools.js';

// Workspace packages export `kit-source` (their TypeScript entry) besides `default` (the built file), so
// tests run against the sources without a rebuild in between.
export default defineConfig({
  // Vitest hands these conditions to Node as well, for the packages Node loads itself; `module`, a bundlers'
  // condition, is left out: the ES module builds it names in some packages (@opentelemetry/api 1.9, the
  // OpenTelemetry SDK) import their files without extensions, which Node cannot load.
  ssr: { resolve: { conditions: ['kit-source', ...defaultServerConditions.filter((condition) => condition !== 'module')] } },
  resolve: { conditions: ['kit-source'] },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.tsx',
      'packages/*/test/**/*.test.ts',
      'bench/**/*.test.ts',
      'test/**/*.test.ts',
      // Corpus examples that are test files run as part of the suite, against the real packages.
      ...exampleTestFiles(),
    ],
    // Tests that need a program the machine lacks (redis-server, PostgreSQL, MariaDB, Chromium) skip and
    // say why; the run ends with one line naming what to install (test-support/missing-tools.ts).
    ...missingToolsSettings,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
