import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

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
export function manualClock(start = Date.parse('2026-11-23T12:00:00Z')): { now: () => number; advance: (ms: number) => void; set: (ms: number) => void } {
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
