import type { RunStore } from '@kit/kit-ai';
import { runStoreError } from './run-store-errors.js';

/**
 * A `RunStore` that opens the real one with its first call: for an app whose database opens with the
 * first request, so that loading the app (`kit verify`, `kit db:*`) touches no data. A failed open
 * is `store_failed` naming the cause, and the next call tries again.
 */
export function runStoreOnFirstUse(open: () => Promise<RunStore>): RunStore {
  let opening: Promise<RunStore> | undefined;
  const store = (): Promise<RunStore> =>
    (opening ??= open().catch(async (error: unknown) => {
      opening = undefined;
      const message = error instanceof Error ? error.message : String(error);
      throw await runStoreError('store_failed', `the database could not be opened: ${message}`, error);
    }));
  return {
    createRun: async (run) => (await store()).createRun(run),
    getRun: async (runId) => (await store()).getRun(runId),
    listRuns: async (query) => (await store()).listRuns(query),
    updateRun: async (runId, patch, condition) => (await store()).updateRun(runId, patch, condition),
    appendEvents: async (runId, events, condition) => (await store()).appendEvents(runId, events, condition),
    readEvents: async (runId, options) => (await store()).readEvents(runId, options),
    claimRun: async (options) => (await store()).claimRun(options),
    renewLease: async (runId, owner, leaseMs) => (await store()).renewLease(runId, owner, leaseMs),
    saveArtifact: async (runId, artifact) => (await store()).saveArtifact(runId, artifact),
    readArtifact: async (runId, artifactId) => (await store()).readArtifact(runId, artifactId),
    listArtifacts: async (runId) => (await store()).listArtifacts(runId),
    close: async () => {
      // Nothing to close when it never opened; a failed open left nothing open either.
      const opened = opening === undefined ? undefined : await opening.catch(() => undefined);
      await opened?.close();
    },
  };
}
