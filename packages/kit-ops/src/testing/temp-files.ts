import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { createOpsStore, type OpsStore, type OpsStoreOptions } from '../create-ops-store.js';

/**
 * Fresh database paths in folders under the system's temp folder, all removed after the test file's
 * last test. Each call returns a new path `<fresh folder>/ops.sqlite` that does not exist yet.
 */
export function useTempDatabases(): () => string {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(join(tmpdir(), 'kit-ops-'));
    folders.push(folder);
    return join(folder, 'ops.sqlite');
  };
}

/** A clock the test moves by hand, in epoch milliseconds. */
export function manualClock(start = Date.parse('2026-11-23T12:00:00Z')): {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
} {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
    set: (ms) => {
      time = ms;
    },
  };
}

/** Opens stores for a test file and closes every one of them after each test. */
export function useOpsStores(): (options: OpsStoreOptions) => OpsStore {
  const open: OpsStore[] = [];
  afterEach(() => {
    for (const created of open.splice(0)) created.close();
  });
  return (options) => {
    const created = createOpsStore(options);
    open.push(created);
    return created;
  };
}
